import { useEffect, useState, type FormEvent } from 'react';
import type { CompanyDetails } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { errorMessage } from '../lib/api.ts';
import { useSession } from '../lib/session.tsx';
import { Field, FormMessage } from './Field.tsx';

type Form = Record<keyof CompanyDetails, string>;
const FIELDS: Array<{ key: keyof CompanyDetails; autoComplete?: string; area?: boolean }> = [
  { key: 'companyName', autoComplete: 'organization' },
  { key: 'siret' },
  { key: 'vatNumber' },
  { key: 'phone', autoComplete: 'tel' },
  { key: 'billingAddress', autoComplete: 'street-address', area: true },
  { key: 'deliveryAddress', area: true },
];

/** The stockist's company details, shown on each of their orders (and checked by the server: SIRET, VAT). */
export function CompanyForm() {
  const { t } = useTranslation();
  const { authRequest } = useSession();
  const [form, setForm] = useState<Form | null>(null);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'success' | 'error'; text?: string }>({ kind: 'idle' });

  useEffect(() => {
    authRequest<CompanyDetails>('/account/company')
      .then((c) => setForm(Object.fromEntries(FIELDS.map(({ key }) => [key, c[key] ?? ''])) as Form))
      .catch(() => setState({ kind: 'error', text: t('company.loadError') }));
  }, [authRequest, t]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setState({ kind: 'saving' });
    try {
      const saved = await authRequest<CompanyDetails>('/account/company', { method: 'PUT', body: form });
      setForm(Object.fromEntries(FIELDS.map(({ key }) => [key, saved[key] ?? ''])) as Form);
      setState({ kind: 'success', text: t('company.saved') });
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error, t('company.error')) });
    }
  }

  return (
    <form className="form" onSubmit={submit} aria-labelledby="company-title" data-testid="company-form">
      <h2 id="company-title" className="form__title">
        {t('company.title')}
      </h2>
      <p className="field__hint">{t('company.hint')}</p>
      {form &&
        FIELDS.map(({ key, autoComplete, area }) =>
          area ? (
            <div className="field" key={key}>
              <label htmlFor={`company-${key}`}>{t(`company.${key}`)}</label>
              <textarea id={`company-${key}`} rows={3} maxLength={500} autoComplete={autoComplete} value={form[key]} disabled={state.kind === 'saving'} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
            </div>
          ) : (
            <Field
              key={key}
              id={`company-${key}`}
              label={t(`company.${key}`)}
              autoComplete={autoComplete}
              value={form[key]}
              disabled={state.kind === 'saving'}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            />
          ),
        )}
      <div aria-live="polite">
        {state.kind === 'success' && <FormMessage kind="success">{state.text}</FormMessage>}
        {state.kind === 'error' && <FormMessage kind="error">{state.text}</FormMessage>}
      </div>
      <button type="submit" className="button" disabled={!form || state.kind === 'saving'}>
        {t('company.save')}
      </button>
    </form>
  );
}
