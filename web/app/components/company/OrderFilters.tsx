import { useEffect, useState } from 'react';
import type { CompanyDoor, CompanyPerson } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useSession } from '../../lib/session.tsx';

/**
 * A company's orders by door and by person (issue 46): two lists, shown when there is more than one
 * of either. The choice is the address's (`?door=`, `?person=`), so it survives a reload and a page.
 */
export function CompanyOrderFilters({ door, person, onChange }: { door: string; person: string; onChange(next: { door: string; person: string }): void }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [doors, setDoors] = useState<CompanyDoor[]>([]);
  const [people, setPeople] = useState<CompanyPerson[]>([]);
  useEffect(() => {
    api('GET /account/doors')
      .then((list) => setDoors(list.data))
      .catch(() => setDoors([]));
    api('GET /account/people')
      .then((list) => setPeople(list.data))
      .catch(() => setPeople([]));
  }, [api]);
  if (doors.length < 2 && people.length < 2) return null;
  return (
    <div className="list-tools">
      {doors.length > 1 && (
        <div className="field">
          <label htmlFor="orders-door">{t('order.door')}</label>
          <select id="orders-door" value={door} onChange={(e) => onChange({ door: e.target.value, person })}>
            <option value="">{t('order.allDoors')}</option>
            {doors.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.name} — {d.address.town}
              </option>
            ))}
          </select>
        </div>
      )}
      {people.length > 1 && (
        <div className="field">
          <label htmlFor="orders-person">{t('order.placedBy')}</label>
          <select id="orders-person" value={person} onChange={(e) => onChange({ door, person: e.target.value })}>
            <option value="">{t('order.allPeople')}</option>
            {people.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name ?? p.email}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
