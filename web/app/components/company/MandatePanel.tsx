import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Mandate } from '@atelier/contract';
import { formatDay } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { CheckboxField, Field, FormMessage } from '../Field.tsx';

const today = () => new Date().toISOString().slice(0, 10);

/** The company's SEPA mandates (issue 59): the active one, those before, and a signed one recorded (its RUM is made). */
export function MandatePanel({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [mandates, setMandates] = useState<Mandate[] | null>(null);
  const load = useCallback(() => {
    api('GET /admin/companies/:id/mandates', { params: { id: companyId } })
      .then((res) => setMandates(res.data))
      .catch((error: unknown) => fail(error, 'admin.mandates.loadError'));
  }, [api, companyId, fail]);
  useEffect(load, [load]);
  const revoke = (id: number) =>
    void run('admin.mandates.saveError', async () => {
      await api('POST /admin/mandates/:id/revoke', { params: { id }, lang });
      load();
    });
  const saved = (rum: string) => {
    setMessage({ kind: 'success', text: t('admin.mandates.saved', { rum }) });
    load();
  };
  const active = mandates?.find((m) => m.status === 'active');
  return (
    <section className="mandates" aria-labelledby="mandates-title" data-testid="mandates">
      <h2 id="mandates-title">{t('admin.mandates.title')}</h2>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {mandates && mandates.length > 0 && (
        <ul className="mandates__list">
          {mandates.map((m) => (
            <li key={m.id} data-testid="mandate">
              <strong>{m.rum}</strong> · {m.iban} · {m.bic} · {t('admin.mandates.signedOn', { date: formatDay(m.signedOn, lang) })} ·{' '}
              {t(m.recurring ? 'admin.mandates.recurring' : 'admin.mandates.oneOff')} · {t(`admin.mandates.status.${m.status}`)}
              {m.firstCollectedOn && ` · ${t('admin.mandates.firstOn', { date: formatDay(m.firstCollectedOn, lang) })}`}
              {m.hasPdf && token && (
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => void downloadFile('GET /admin/mandates/:id.pdf', { params: { id: m.id } }, token)}
                >
                  {t('admin.mandates.pdf')}
                </button>
              )}
              {m.status === 'active' && (
                <button type="button" className="button button--quiet" disabled={busy} onClick={() => revoke(m.id)}>
                  {t('admin.mandates.revoke', { rum: m.rum })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mandates && !active && <MandateForm companyId={companyId} onSaved={saved} />}
    </section>
  );
}

/** A signed mandate recorded: IBAN and BIC, the day it was signed, recurring or once, the days of notice. */
function MandateForm({ companyId, onSaved }: { companyId: number; onSaved: (rum: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [form, setForm] = useState({ iban: '', bic: '', signedOn: today(), recurring: true, noticeDays: '14' });
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run('admin.mandates.saveError', async () => {
      const made = await api('POST /admin/companies/:id/mandates', {
        params: { id: companyId },
        body: { iban: form.iban, bic: form.bic, signedOn: form.signedOn, recurring: form.recurring, noticeDays: Number(form.noticeDays) },
        lang,
      });
      onSaved(made.rum);
    });
  };
  return (
    <>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>

      <form className="form" onSubmit={save} data-testid="mandate-form">
        <p className="field__hint">{t('admin.mandates.hint')}</p>
        <Field
          name="iban"
          label={t('admin.mandates.iban')}
          value={form.iban}
          required
          spellCheck={false}
          disabled={busy}
          onChange={(e) => setForm({ ...form, iban: e.target.value })}
        />
        <Field
          name="bic"
          label={t('admin.mandates.bic')}
          value={form.bic}
          required
          spellCheck={false}
          disabled={busy}
          onChange={(e) => setForm({ ...form, bic: e.target.value })}
        />
        <Field
          name="signedOn"
          type="date"
          label={t('admin.mandates.signedOnLabel')}
          value={form.signedOn}
          required
          disabled={busy}
          onChange={(e) => setForm({ ...form, signedOn: e.target.value })}
        />
        <CheckboxField
          label={t('admin.mandates.recurringLabel')}
          checked={form.recurring}
          disabled={busy}
          onChange={(e) => setForm({ ...form, recurring: e.target.checked })}
        />
        <Field
          name="noticeDays"
          label={t('admin.mandates.noticeDays')}
          inputMode="numeric"
          value={form.noticeDays}
          required
          disabled={busy}
          onChange={(e) => setForm({ ...form, noticeDays: e.target.value })}
        />
        <button type="submit" className="button" disabled={busy}>
          {t('admin.mandates.save')}
        </button>
      </form>
    </>
  );
}
