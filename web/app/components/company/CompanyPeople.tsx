import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { COMPANY_ROLES, type CompanyDoor, type CompanyPerson, type CompanyRole } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { errorMessage } from '../../lib/api.ts';
import { FormMessage } from '../Field.tsx';
import { RefusedField as Field, Refusals, useRefusals } from '../../lib/refusals.tsx';
import type { CompanyCalls } from './company-api.ts';

type Message = { kind: 'success' | 'error'; text: string } | null;

/** Which doors a buyer orders for: one checkbox per door. */
function DoorChoice({
  doors,
  value,
  onChange,
  legend,
  disabled,
}: {
  doors: CompanyDoor[];
  value: number[];
  onChange(ids: number[]): void;
  legend: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="company-doors-choice">
      <legend>{legend}</legend>
      {doors.map((d) => (
        <label key={d.id} className="field--check">
          <input
            type="checkbox"
            checked={value.includes(d.id)}
            disabled={disabled}
            onChange={(e) => onChange(e.target.checked ? [...value, d.id] : value.filter((id) => id !== d.id))}
          />{' '}
          {d.name} — {d.address.town}
        </label>
      ))}
    </fieldset>
  );
}

/** The invitation form: a name, an e-mail, a role, a buyer's doors and the language of the mail. */
function InviteForm({ calls, doors, onInvited }: { calls: CompanyCalls; doors: CompanyDoor[]; onInvited(message: string): void }) {
  const { t } = useTranslation();
  const empty = { name: '', email: '', role: 'buyer' as CompanyRole, doorIds: [] as number[], locale: 'fr' as 'fr' | 'en' };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const refusals = useRefusals('invite-');
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await calls.invite({ ...form, doorIds: form.role === 'buyer' ? form.doorIds : [] });
      setForm(empty);
      refusals.clear();
      onInvited(t('company.people.invited', { email: form.email }));
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error, t('company.people.error')) });
      refusals.take(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Refusals value={refusals.value}>
      <form className="form" onSubmit={submit} aria-labelledby="invite-title">
        <h3 id="invite-title" className="form__title">
          {t('company.people.invite')}
        </h3>
        <Field
          label={t('company.people.name')}
          name="name"
          required
          maxLength={120}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <Field
          label={t('company.people.email')}
          type="email"
          name="email"
          required
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
        <div className="field">
          <label htmlFor="invite-role">{t('company.people.role')}</label>
          <select id="invite-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as CompanyRole })}>
            {COMPANY_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`company.roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        {form.role === 'buyer' && doors.length > 0 && (
          <DoorChoice doors={doors} value={form.doorIds} onChange={(doorIds) => setForm({ ...form, doorIds })} legend={t('company.people.doorsOf')} />
        )}
        <div className="field">
          <label htmlFor="invite-locale">{t('company.people.locale')}</label>
          <select id="invite-locale" value={form.locale} onChange={(e) => setForm({ ...form, locale: e.target.value as 'fr' | 'en' })}>
            <option value="fr">Français</option>
            <option value="en">English</option>
          </select>
        </div>
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
        <button type="submit" className="button" disabled={busy}>
          {t('company.people.send')}
        </button>
      </form>
    </Refusals>
  );
}

/** One person: their role and a buyer's doors changed at once, removal after a confirmation. */
function PersonRow({
  person,
  doors,
  calls,
  canManage,
  onChanged,
}: {
  person: CompanyPerson;
  doors: CompanyDoor[];
  calls: CompanyCalls;
  canManage: boolean;
  onChanged(m: Message): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await work();
      onChanged({ kind: 'success', text: success });
    } catch (error) {
      onChanged({ kind: 'error', text: errorMessage(error, t('company.people.error')) });
    } finally {
      setBusy(false);
    }
  };
  const label = person.name ?? person.email;
  return (
    <li className="company-person" data-testid="company-person">
      <p>
        <strong>{label}</strong> · {person.email} · {person.active ? t('company.people.active') : t('company.people.pending')}
      </p>
      {canManage ? (
        <div className="company-person__edit">
          <div className="field">
            <label htmlFor={`role-${person.id}`}>{t('company.people.roleOf', { name: label })}</label>
            <select
              id={`role-${person.id}`}
              value={person.role}
              disabled={busy}
              onChange={(e) => void act(() => calls.updatePerson(person.id, { role: e.target.value as CompanyRole }), t('company.people.saved'))}
            >
              {COMPANY_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`company.roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
          {person.role === 'buyer' && (
            <DoorChoice
              doors={doors}
              value={person.doorIds}
              disabled={busy}
              legend={t('company.people.doorsOfName', { name: label })}
              onChange={(doorIds) => void act(() => calls.updatePerson(person.id, { doorIds }), t('company.people.saved'))}
            />
          )}
          <button
            type="button"
            className="button button--quiet"
            disabled={busy}
            onClick={() =>
              window.confirm(t('company.people.removeConfirm', { name: label })) && void act(() => calls.removePerson(person.id), t('company.people.removed'))
            }
          >
            {t('company.people.remove', { name: label })}
          </button>
        </div>
      ) : (
        <p>{t(`company.roles.${person.role}`)}</p>
      )}
    </li>
  );
}

/** A company's people: who they are, their role, a buyer's doors; an admin (or the owner) invites, changes and removes. */
export function CompanyPeople({
  calls,
  canManage,
  refresh = 0,
}: {
  calls: CompanyCalls;
  canManage: boolean;
  /** Changes when the doors did. */ refresh?: number;
}) {
  const { t } = useTranslation();
  const [people, setPeople] = useState<CompanyPerson[] | null>(null);
  const [doors, setDoors] = useState<CompanyDoor[]>([]);
  const [message, setMessage] = useState<Message>(null);
  const load = useCallback(() => {
    Promise.all([calls.people(), calls.doors()])
      .then(([p, d]) => {
        setPeople(p);
        setDoors(d);
      })
      .catch((error: unknown) => setMessage({ kind: 'error', text: errorMessage(error, t('company.people.error')) }));
  }, [calls, t]);
  useEffect(load, [load, refresh]);
  const changed = (m: Message) => {
    setMessage(m);
    load();
  };
  return (
    <section className="company-section" aria-labelledby="people-title">
      <h2 id="people-title" className="section-title">
        {t('company.people.title')}
      </h2>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {people === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <ul className="company-list">
          {people.map((p) => (
            <PersonRow key={p.id} person={p} doors={doors} calls={calls} canManage={canManage} onChanged={changed} />
          ))}
        </ul>
      )}
      {canManage && <InviteForm calls={calls} doors={doors} onInvited={(text) => changed({ kind: 'success', text })} />}
    </section>
  );
}
