import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { CompanyDoor } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { errorMessage } from '../../lib/api.ts';
import { CheckboxField, FormMessage } from '../Field.tsx';
import { RefusedField as Field, Refusals, useRefusals } from '../../lib/refusals.tsx';
import type { CompanyCalls } from './company-api.ts';

type Message = { kind: 'success' | 'error'; text: string } | null;
const EMPTY = { name: '', line1: '', line2: '', postcode: '', town: '', country: 'FR', phone: '', hours: '', public: false };
type Form = typeof EMPTY;

const formOf = (d: CompanyDoor): Form => ({
  name: d.name,
  ...d.address,
  phone: d.phone ?? '',
  hours: d.hours ?? '',
  public: d.public,
});

/** Adding a door, or changing the one being edited. */
function DoorForm({ calls, editing, onDone }: { calls: CompanyCalls; editing: CompanyDoor | null; onDone(m: Message): void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(editing ? formOf(editing) : EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refusals = useRefusals('door-');
  useEffect(() => setForm(editing ? formOf(editing) : EMPTY), [editing]);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body = {
      name: form.name,
      address: { line1: form.line1, line2: form.line2, postcode: form.postcode, town: form.town, country: form.country },
      phone: form.phone || null,
      hours: form.hours || null,
      public: form.public,
    };
    try {
      if (editing) await calls.updateDoor(editing.id, body);
      else await calls.addDoor(body);
      setForm(EMPTY);
      refusals.clear();
      onDone({ kind: 'success', text: t('company.doors.saved', { name: form.name }) });
    } catch (e) {
      setError(errorMessage(e, t('company.doors.error')));
      refusals.take(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Refusals value={refusals.value}>
      <form className="form" onSubmit={submit} aria-labelledby="door-form-title">
        <h3 id="door-form-title" className="form__title">
          {editing ? t('company.doors.edit', { name: editing.name }) : t('company.doors.add')}
        </h3>
        <Field name="name" label={t('company.doors.name')} required maxLength={120} value={form.name} onChange={set('name')} />
        <Field
          name="address.line1"
          label={t('company.line1')}
          required
          maxLength={120}
          autoComplete="address-line1"
          value={form.line1}
          onChange={set('line1')}
        />
        <Field name="address.line2" label={t('company.line2')} maxLength={120} autoComplete="address-line2" value={form.line2} onChange={set('line2')} />
        <Field
          name="address.postcode"
          label={t('company.postcode')}
          required
          maxLength={12}
          autoComplete="postal-code"
          value={form.postcode}
          onChange={set('postcode')}
        />
        <Field name="address.town" label={t('company.town')} required maxLength={80} autoComplete="address-level2" value={form.town} onChange={set('town')} />
        <Field
          name="address.country"
          label={t('company.country')}
          required
          maxLength={2}
          autoComplete="country"
          value={form.country}
          onChange={set('country')}
        />
        <Field name="phone" label={t('company.doors.phone')} type="tel" maxLength={40} value={form.phone} onChange={set('phone')} />
        <Field name="hours" label={t('company.doors.hours')} maxLength={300} value={form.hours} onChange={set('hours')} />
        <CheckboxField label={t('company.doors.public')} checked={form.public} onChange={(e) => setForm({ ...form, public: e.target.checked })} />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <button type="submit" className="button" disabled={busy}>
          {editing ? t('company.doors.save') : t('company.doors.addButton')}
        </button>
      </form>
    </Refusals>
  );
}

/** A company's doors: the places that receive goods, public on "where to buy" or not. */
export function CompanyDoors({ calls, canManage, onChange }: { calls: CompanyCalls; canManage: boolean; onChange?: () => void }) {
  const { t } = useTranslation();
  const [doors, setDoors] = useState<CompanyDoor[] | null>(null);
  const [editing, setEditing] = useState<CompanyDoor | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const load = useCallback(() => {
    calls
      .doors()
      .then(setDoors)
      .catch((error: unknown) => setMessage({ kind: 'error', text: errorMessage(error, t('company.doors.error')) }));
  }, [calls, t]);
  useEffect(load, [load]);
  const done = (m: Message) => {
    setMessage(m);
    setEditing(null);
    load();
    onChange?.();
  };
  const remove = async (door: CompanyDoor) => {
    if (!window.confirm(t('company.doors.removeConfirm', { name: door.name }))) return;
    try {
      await calls.removeDoor(door.id);
      done({ kind: 'success', text: t('company.doors.removed', { name: door.name }) });
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error, t('company.doors.error')) });
    }
  };
  return (
    <section className="company-section" aria-labelledby="doors-title">
      <h2 id="doors-title" className="section-title">
        {t('company.doors.title')}
      </h2>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {doors === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <ul className="company-list">
          {doors.map((d) => (
            <li key={d.id} data-testid="company-door">
              <p>
                <strong>{d.name}</strong> · {[d.address.line1, d.address.line2, `${d.address.postcode} ${d.address.town}`].filter(Boolean).join(', ')}
                {d.public ? ` · ${t('company.doors.isPublic')}` : ''}
              </p>
              {d.hours && <p>{d.hours}</p>}
              {canManage && (
                <p className="company-list__actions">
                  <button type="button" className="button button--quiet" onClick={() => setEditing(d)}>
                    {t('company.doors.editButton', { name: d.name })}
                  </button>{' '}
                  <button type="button" className="button button--quiet" onClick={() => void remove(d)}>
                    {t('company.doors.remove', { name: d.name })}
                  </button>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && <DoorForm calls={calls} editing={editing} onDone={done} />}
    </section>
  );
}
