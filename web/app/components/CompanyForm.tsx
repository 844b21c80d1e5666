import { useEffect, useState, type FormEvent } from 'react';
import type { CompanyDetails } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { errorMessage } from '../lib/api.ts';
import { useSession } from '../lib/session.tsx';
import { Field, FormMessage } from './Field.tsx';

const FIELDS = [{ key: 'companyName', autoComplete: 'organization' }, { key: 'siret' }, { key: 'vatNumber' }, { key: 'phone', autoComplete: 'tel' }] as const;
const ADDRESS = ['line1', 'line2', 'postcode', 'town', 'country'] as const;
type Address = Record<(typeof ADDRESS)[number], string>;
type Form = Record<(typeof FIELDS)[number]['key'], string> & { billing: Address; delivery: Address };

const addressOf = (a: CompanyDetails['billing']): Address => ({
  line1: a?.line1 ?? '',
  line2: a?.line2 ?? '',
  postcode: a?.postcode ?? '',
  town: a?.town ?? '',
  country: a?.country || 'FR',
});
const formOf = (c: CompanyDetails): Form => ({
  companyName: c.companyName ?? '',
  siret: c.siret ?? '',
  vatNumber: c.vatNumber ?? '',
  phone: c.phone ?? '',
  billing: addressOf(c.billing),
  delivery: addressOf(c.delivery),
});
/** An address left empty (its country aside) is none. */
const payloadOf = (a: Address) => (a.line1.trim() || a.postcode.trim() || a.town.trim() ? a : null);

/**
 * The retailer's company details, shown on each of their orders and on their invoices (checked by
 * the server: SIRET, VAT, addresses). The owner completes a shop's details with the same form
 * (`retailerId`, `title`).
 */
export function CompanyForm({ retailerId, title, onSaved }: { retailerId?: number; title?: string; onSaved?: (details: CompanyDetails) => void } = {}) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [form, setForm] = useState<Form | null>(null);
  const [gaps, setGaps] = useState<NonNullable<CompanyDetails['toComplete']>>([]);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'success' | 'error'; text?: string }>({ kind: 'idle' });

  const show = (c: CompanyDetails) => {
    setForm(formOf(c));
    setGaps(c.toComplete ?? []);
  };
  useEffect(() => {
    (retailerId === undefined ? api('GET /account/company') : api('GET /admin/stockists/:id/company', { params: { id: retailerId } }))
      .then(show)
      .catch(() => setState({ kind: 'error', text: t('company.loadError') }));
  }, [api, t, retailerId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setState({ kind: 'saving' });
    try {
      const { billing, delivery, ...rest } = form;
      const body = { ...rest, billing: payloadOf(billing), delivery: payloadOf(delivery) };
      const saved =
        retailerId === undefined
          ? await api('PUT /account/company', { body })
          : await api('PUT /admin/stockists/:id/company', { params: { id: retailerId }, body });
      show(saved);
      onSaved?.(saved);
      setState({ kind: 'success', text: t('company.saved') });
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error, t('company.error')) });
    }
  }

  const address = (kind: 'billing' | 'delivery') => (
    <fieldset className="company-address">
      <legend>{t(kind === 'billing' ? 'company.billingAddress' : 'company.deliveryAddress')}</legend>
      {kind === 'delivery' && <p className="field__hint">{t('company.deliveryHint')}</p>}
      {ADDRESS.map((key) => (
        <Field
          key={key}
          id={`company-${kind}-${key}`}
          label={t(`company.${key}`)}
          autoComplete={`${kind === 'billing' ? 'billing' : 'shipping'} ${{ line1: 'address-line1', line2: 'address-line2', postcode: 'postal-code', town: 'address-level2', country: 'country' }[key]}`}
          maxLength={key === 'country' ? 2 : 120}
          value={form![kind][key]}
          disabled={state.kind === 'saving'}
          onChange={(e) => setForm({ ...form!, [kind]: { ...form![kind], [key]: e.target.value } })}
        />
      ))}
    </fieldset>
  );

  return (
    <form className="form" onSubmit={submit} aria-labelledby="company-title" data-testid="company-form">
      <h2 id="company-title" className="form__title">
        {title ?? t('company.title')}
      </h2>
      <p className="field__hint">{t('company.hint')}</p>
      {gaps.length > 0 && (
        <p className="form-message form-message--error" data-testid="company-gaps">
          {t('company.toComplete', { list: gaps.map((g) => t(`company.gap_${g}`)).join(', ') })}
        </p>
      )}
      {form &&
        FIELDS.map(({ key, ...rest }) => (
          <Field
            key={key}
            id={`company-${key}`}
            label={t(`company.${key}`)}
            value={form[key]}
            disabled={state.kind === 'saving'}
            onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            {...rest}
          />
        ))}
      {form && address('billing')}
      {form && address('delivery')}
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
