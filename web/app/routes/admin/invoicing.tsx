import { useEffect, useState, type FormEvent } from 'react';
import type { InvoicingSettings, InvoicingSettingsInputRaw } from '@atelier/contract';
import { FEC_DEFAULT_ACCOUNTS } from '@atelier/contract/vocabulary';
import type { Route } from './+types/invoicing';
import { CheckboxField, FormMessage } from '../../components/Field.tsx';
import { RefusedField as Field, Refusals, useRefusals } from '../../lib/refusals.tsx';
import { PlatformSettings } from '../../components/PlatformSettings.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminInvoicing', noindex: true });

type Form = Record<
  | 'legalName'
  | 'legalForm'
  | 'shareCapital'
  | 'line1'
  | 'line2'
  | 'postcode'
  | 'town'
  | 'country'
  | 'siren'
  | 'siret'
  | 'rcsTown'
  | 'vatNumber'
  | 'iban'
  | 'bic'
  | 'creditorId'
  | 'invoicePrefix'
  | 'creditNotePrefix'
  | 'paymentDays'
  | 'penaltyRate'
  | 'discountRate'
  | 'discountDays'
  | 'customers'
  | 'sales'
  | 'vatCollected'
  | 'bankAccount'
  | 'customerDeposits',
  string
> & {
  endOfMonth: boolean;
  vatOnDebits: boolean;
  discount: boolean;
};

const EMPTY: Form = {
  legalName: '',
  legalForm: 'SAS',
  shareCapital: '',
  line1: '',
  line2: '',
  postcode: '',
  town: '',
  country: 'FR',
  siren: '',
  siret: '',
  rcsTown: '',
  vatNumber: '',
  iban: '',
  bic: '',
  creditorId: '',
  invoicePrefix: 'F',
  creditNotePrefix: 'AV',
  paymentDays: '30',
  penaltyRate: '',
  discountRate: '',
  discountDays: '',
  endOfMonth: false,
  vatOnDebits: false,
  discount: false,
  customers: FEC_DEFAULT_ACCOUNTS.customers,
  sales: FEC_DEFAULT_ACCOUNTS.sales,
  vatCollected: FEC_DEFAULT_ACCOUNTS.vatCollected,
  bankAccount: FEC_DEFAULT_ACCOUNTS.bank,
  customerDeposits: FEC_DEFAULT_ACCOUNTS.customerDeposits,
};

function formOf(s: NonNullable<InvoicingSettings['settings']>): Form {
  return {
    legalName: s.legalName,
    legalForm: s.legalForm,
    shareCapital: String(s.shareCapital),
    ...s.address,
    siren: s.siren,
    siret: s.siret,
    rcsTown: s.rcsTown,
    vatNumber: s.vatNumber,
    iban: s.iban,
    bic: s.bic,
    creditorId: s.creditorId ?? '',
    invoicePrefix: s.invoicePrefix,
    creditNotePrefix: s.creditNotePrefix,
    paymentDays: String(s.paymentDays),
    penaltyRate: String(s.penaltyRate),
    discountRate: s.earlyPaymentDiscount ? String(s.earlyPaymentDiscount.rate) : '',
    discountDays: s.earlyPaymentDiscount ? String(s.earlyPaymentDiscount.days) : '',
    endOfMonth: s.endOfMonth,
    vatOnDebits: s.vatOnDebits,
    discount: s.earlyPaymentDiscount !== null,
    customers: s.accounts.customers,
    sales: s.accounts.sales,
    vatCollected: s.accounts.vatCollected,
    bankAccount: s.accounts.bank,
    customerDeposits: s.accounts.customerDeposits,
  };
}

function payloadOf(f: Form): InvoicingSettingsInputRaw {
  return {
    legalName: f.legalName,
    legalForm: f.legalForm,
    shareCapital: Number(f.shareCapital),
    address: { line1: f.line1, line2: f.line2, postcode: f.postcode, town: f.town, country: f.country },
    siren: f.siren,
    siret: f.siret,
    rcsTown: f.rcsTown,
    vatNumber: f.vatNumber,
    iban: f.iban,
    bic: f.bic,
    creditorId: f.creditorId.trim() ? f.creditorId : null,
    invoicePrefix: f.invoicePrefix,
    creditNotePrefix: f.creditNotePrefix,
    paymentDays: Number(f.paymentDays),
    endOfMonth: f.endOfMonth,
    penaltyRate: Number(f.penaltyRate),
    vatOnDebits: f.vatOnDebits,
    earlyPaymentDiscount: f.discount ? { rate: Number(f.discountRate), days: Number(f.discountDays) } : null,
    accounts: { customers: f.customers, sales: f.sales, vatCollected: f.vatCollected, bank: f.bankAccount, customerDeposits: f.customerDeposits },
  };
}

/** Where a form's field sits in the body, when not at its top under its own name (what a refusal names). */
const BODY_FIELD: Partial<Record<keyof Form, string>> = {
  line1: 'address.line1',
  line2: 'address.line2',
  postcode: 'address.postcode',
  town: 'address.town',
  country: 'address.country',
  discountRate: 'earlyPaymentDiscount.rate',
  discountDays: 'earlyPaymentDiscount.days',
  customers: 'accounts.customers',
  sales: 'accounts.sales',
  vatCollected: 'accounts.vatCollected',
  bankAccount: 'accounts.bank',
  customerDeposits: 'accounts.customerDeposits',
};

/** The settings' fields: legal identity, address, numbers, bank, numbering, terms and the accountant's accounts. */
function InvoicingFields({ form, setForm, saving }: { form: Form; setForm: (form: Form) => void; saving: boolean }) {
  const { t } = useTranslation();
  const i = (key: string) => t(`admin.invoicing.${key}`);
  const field = (key: Exclude<keyof Form, 'endOfMonth' | 'vatOnDebits' | 'discount'>, extra: Record<string, unknown> = {}) => (
    <Field
      name={BODY_FIELD[key] ?? key}
      label={i(key)}
      value={form[key]}
      disabled={saving}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      {...extra}
    />
  );
  return (
    <>
      <fieldset>
        <legend>{i('legal')}</legend>
        {field('legalName', { required: true, maxLength: 160 })}
        {field('legalForm', { required: true, maxLength: 40 })}
        {field('shareCapital', { required: true, inputMode: 'decimal' })}
      </fieldset>
      <fieldset>
        <legend>{i('address')}</legend>
        {field('line1', { required: true, autoComplete: 'address-line1' })}
        {field('line2', { autoComplete: 'address-line2' })}
        {field('postcode', { required: true, autoComplete: 'postal-code' })}
        {field('town', { required: true, autoComplete: 'address-level2' })}
        {field('country', { required: true, maxLength: 2, autoComplete: 'country' })}
      </fieldset>
      <fieldset>
        <legend>{i('ids')}</legend>
        {field('siren', { required: true, inputMode: 'numeric' })}
        {field('siret', { required: true, inputMode: 'numeric' })}
        {field('rcsTown', { required: true })}
        {field('vatNumber', { required: true })}
      </fieldset>
      <fieldset>
        <legend>{i('bank')}</legend>
        {field('iban', { required: true, spellCheck: false })}
        {field('bic', { required: true, spellCheck: false })}
        {field('creditorId', { spellCheck: false, hint: i('creditorIdHint') })}
      </fieldset>
      <fieldset>
        <legend>{i('numbering')}</legend>
        {field('invoicePrefix', { required: true, hint: i('prefixHint') })}
        {field('creditNotePrefix', { required: true })}
      </fieldset>
      <fieldset>
        <legend>{i('terms')}</legend>
        {field('paymentDays', { required: true, inputMode: 'numeric' })}
        <CheckboxField
          label={i('endOfMonth')}
          checked={form.endOfMonth}
          disabled={saving}
          onChange={(e) => setForm({ ...form, endOfMonth: e.target.checked })}
        />
        {field('penaltyRate', { required: true, inputMode: 'decimal' })}
        <CheckboxField label={i('discount')} checked={form.discount} disabled={saving} onChange={(e) => setForm({ ...form, discount: e.target.checked })} />
        {form.discount ? (
          <>
            {field('discountRate', { required: true, inputMode: 'decimal' })}
            {field('discountDays', { required: true, inputMode: 'numeric' })}
          </>
        ) : (
          <p className="field__hint">{i('discountNone')}</p>
        )}
        <CheckboxField
          label={i('vatOnDebits')}
          checked={form.vatOnDebits}
          disabled={saving}
          onChange={(e) => setForm({ ...form, vatOnDebits: e.target.checked })}
        />
      </fieldset>
      <fieldset>
        <legend>{i('accounts')}</legend>
        <p className="field__hint">{i('accountsHint')}</p>
        {field('customers', { required: true, inputMode: 'numeric', spellCheck: false })}
        {field('sales', { required: true, inputMode: 'numeric', spellCheck: false })}
        {field('vatCollected', { required: true, inputMode: 'numeric', spellCheck: false })}
        {field('bankAccount', { required: true, inputMode: 'numeric', spellCheck: false })}
        {field('customerDeposits', { required: true, inputMode: 'numeric', spellCheck: false })}
      </fieldset>
    </>
  );
}

/** `/admin/invoicing`: the label's legal identity, as every invoice states it. */
export default function AdminInvoicing() {
  const { t } = useTranslation();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [form, setForm] = useState<Form | null>(null);
  const [configured, setConfigured] = useState(true);
  const [saving, setSaving] = useState(false);
  const refusals = useRefusals('inv-');

  useEffect(() => {
    api('GET /admin/invoicing/settings')
      .then((res) => {
        setConfigured(res.configured);
        setForm(res.settings ? formOf(res.settings) : EMPTY);
      })
      .catch((error: unknown) => fail(error, 'admin.invoicing.loadError'));
  }, [api, fail]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setSaving(true);
    try {
      const saved = await api('PUT /admin/invoicing/settings', { body: payloadOf(form) });
      setConfigured(true);
      setForm(formOf(saved.settings!));
      setMessage({ kind: 'success', text: t('admin.invoicing.saved') });
      refusals.clear();
    } catch (error) {
      fail(error, 'admin.invoicing.error');
      refusals.take(error);
    } finally {
      setSaving(false);
    }
  }

  const i = (key: string) => t(`admin.invoicing.${key}`);
  return (
    <div className="admin-page">
      <h1 className="page-title">{i('title')}</h1>
      <p className="lead">{i('intro')}</p>
      {!configured && <p className="form-message form-message--error">{i('notConfigured')}</p>}
      {form && (
        <form className="form invoicing-form" onSubmit={submit} data-testid="invoicing-form">
          <Refusals value={refusals.value}>
            <InvoicingFields form={form} setForm={setForm} saving={saving} />
          </Refusals>
          <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
          <button type="submit" className="button" disabled={saving}>
            {i('save')}
          </button>
        </form>
      )}
      {!form && message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      {form && <PlatformSettings />}
    </div>
  );
}
