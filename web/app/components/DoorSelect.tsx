// The door an order goes to (issue 46), chosen among a company's: shown only when it has several.
import type { CompanyDoor } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';

export function DoorSelect({
  id,
  doors,
  value,
  onChange,
  disabled,
  none,
}: {
  id: string;
  doors: CompanyDoor[];
  value: number | null;
  onChange: (doorId: number | null) => void;
  disabled: boolean;
  /** The choice of no door yet, and its words (absent: a door must stay chosen). */
  none?: string;
}) {
  const { t } = useTranslation();
  if (doors.length < 2) return null;
  return (
    <div className="field">
      <label htmlFor={id}>{t('orderChanges.doorLabel')}</label>
      <select id={id} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(Number(e.target.value) || null)}>
        {none !== undefined && <option value="">{none}</option>}
        {doors.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}, {d.address.town}
          </option>
        ))}
      </select>
    </div>
  );
}
