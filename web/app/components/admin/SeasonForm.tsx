import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { LOCALES, type Locale } from '@atelier/contract/pure';
import type { AdminSeason, SeasonInputRaw } from '@atelier/contract';
import { Field } from '../Field.tsx';
import { PairField, type Pair } from './Bilingual.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { acceptPrice } from '../../lib/product-form.ts';

type Texts = { paymentTerms: string; deliveryWindow: string; shippingNotes: string };
interface DeliveryForm {
  id?: number;
  name: Pair;
  from: string;
  to: string;
  /** Orders use it: it cannot be removed. */
  used: boolean;
}
export interface SeasonFormValue {
  code: string;
  name: Pair;
  ordersOpen: string;
  ordersClose: string;
  deliveries: DeliveryForm[];
  validUntil: string;
  openingMinimum: string;
  reorderMinimum: string;
  orderEmail: string;
  texts: Record<Locale, Texts>;
}

const pair = (list: Array<{ locale: Locale; name: string }>): Pair => ({
  fr: list.find((x) => x.locale === 'fr')?.name ?? '',
  en: list.find((x) => x.locale === 'en')?.name ?? '',
});
const emptyDelivery = (): DeliveryForm => ({ name: { fr: '', en: '' }, from: '', to: '', used: false });

export function blankSeason(orderEmail: string): SeasonFormValue {
  return {
    code: '',
    name: { fr: '', en: '' },
    ordersOpen: '',
    ordersClose: '',
    deliveries: [emptyDelivery()],
    validUntil: '',
    openingMinimum: '0.00',
    reorderMinimum: '0.00',
    orderEmail,
    texts: { fr: { paymentTerms: '', deliveryWindow: '', shippingNotes: '' }, en: { paymentTerms: '', deliveryWindow: '', shippingNotes: '' } },
  };
}

export function seasonForm(season: AdminSeason): SeasonFormValue {
  return {
    code: season.code,
    name: pair(season.translations),
    ordersOpen: season.ordersOpen,
    ordersClose: season.ordersClose ?? '',
    deliveries: season.deliveries.map((d) => ({ id: d.id, name: pair(d.translations), from: d.from, to: d.to, used: d.orders > 0 })),
    validUntil: season.terms.validUntil ?? '',
    openingMinimum: season.terms.openingMinimum.toFixed(2),
    reorderMinimum: season.terms.reorderMinimum.toFixed(2),
    orderEmail: season.terms.orderEmail,
    texts: Object.fromEntries(
      LOCALES.map((locale) => {
        const t = season.terms.translations.find((x) => x.locale === locale);
        return [locale, { paymentTerms: t?.paymentTerms ?? '', deliveryWindow: t?.deliveryWindow ?? '', shippingNotes: t?.shippingNotes ?? '' }];
      }),
    ) as Record<Locale, Texts>,
  };
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The server's rules, checked first in the browser (the server checks them again). */
export function seasonProblems(form: SeasonFormValue): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!/^[A-Z0-9][A-Z0-9-]{1,19}$/.test(form.code.trim().toUpperCase())) problems.code = 'code';
  if (!form.name.fr.trim() || !form.name.en.trim()) problems.name = 'name';
  if (!isDay(form.ordersOpen)) problems.ordersOpen = 'date';
  if (form.ordersClose && !isDay(form.ordersClose)) problems.ordersClose = 'date';
  else if (form.ordersClose && isDay(form.ordersOpen) && form.ordersClose < form.ordersOpen) problems.ordersClose = 'window';
  form.deliveries.forEach((d, i) => {
    if (!d.name.fr.trim() || !d.name.en.trim()) problems[`delivery${i}.name`] = 'name';
    if (!isDay(d.from)) problems[`delivery${i}.from`] = 'date';
    if (!isDay(d.to)) problems[`delivery${i}.to`] = 'date';
    else if (isDay(d.from) && d.to < d.from) problems[`delivery${i}.to`] = 'deliveryWindow';
  });
  if (form.validUntil && !isDay(form.validUntil)) problems.validUntil = 'date';
  for (const key of ['openingMinimum', 'reorderMinimum'] as const) if (form[key].trim() === '' || acceptPrice(form[key]) === null) problems[key] = 'minimum';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.orderEmail.trim())) problems.orderEmail = 'orderEmail';
  return problems;
}

export function seasonPayload(form: SeasonFormValue): SeasonInputRaw {
  return {
    code: form.code.trim().toUpperCase(),
    ordersOpen: form.ordersOpen,
    ordersClose: form.ordersClose || null,
    translations: LOCALES.map((locale) => ({ locale, name: form.name[locale] })),
    deliveries: form.deliveries.map((d) => ({
      ...(d.id ? { id: d.id } : {}),
      from: d.from,
      to: d.to,
      translations: LOCALES.map((locale) => ({ locale, name: d.name[locale] })),
    })),
    terms: {
      validUntil: form.validUntil || null,
      openingMinimum: Number(form.openingMinimum),
      reorderMinimum: Number(form.reorderMinimum),
      orderEmail: form.orderEmail.trim(),
      translations: LOCALES.map((locale) => ({ locale, ...form.texts[locale] })),
    },
  };
}

type PartProps = {
  form: SeasonFormValue;
  setForm: Dispatch<SetStateAction<SeasonFormValue>>;
  saving: boolean;
  error: (key: string) => string | undefined;
};

/** The season's delivery windows, each with its name and dates; one is added, or removed while no order uses it. */
function DeliveryWindows({ form, setForm, saving, error }: PartProps) {
  const { t } = useTranslation();
  const setDelivery = (i: number, patch: Partial<DeliveryForm>) =>
    setForm((f) => ({ ...f, deliveries: f.deliveries.map((d, j) => (j === i ? { ...d, ...patch } : d)) }));
  return (
    <fieldset className="season-form__deliveries">
      <legend className="pair-field__label">{t('admin.seasons.deliveries')}</legend>
      <ol className="season-deliveries">
        {form.deliveries.map((d, i) => (
          <li key={d.id ?? `new-${i}`} className="season-delivery" data-testid="season-delivery">
            <h3 className="season-delivery__title">{t('admin.seasons.deliveryN', { n: i + 1 })}</h3>
            <PairField
              id={`season-delivery${i}-name`}
              label={t('admin.seasons.deliveryName')}
              required
              maxLength={80}
              value={d.name}
              disabled={saving}
              error={error(`delivery${i}.name`)}
              onChange={(name) => setDelivery(i, { name })}
            />
            <div className="terms-form__grid">
              <Field
                id={`season-delivery${i}-from`}
                type="date"
                label={t('admin.seasons.from')}
                required
                value={d.from}
                disabled={saving}
                error={error(`delivery${i}.from`)}
                onChange={(e) => setDelivery(i, { from: e.target.value })}
              />
              <Field
                id={`season-delivery${i}-to`}
                type="date"
                label={t('admin.seasons.to')}
                required
                value={d.to}
                disabled={saving}
                error={error(`delivery${i}.to`)}
                onChange={(e) => setDelivery(i, { to: e.target.value })}
              />
            </div>
            {form.deliveries.length > 1 && !d.used && (
              <button
                type="button"
                className="button button--quiet button--small"
                disabled={saving}
                onClick={() => setForm((f) => ({ ...f, deliveries: f.deliveries.filter((_, j) => j !== i) }))}
              >
                {t('admin.seasons.removeDelivery', { n: i + 1 })}
              </button>
            )}
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--quiet"
        disabled={saving || form.deliveries.length >= 12}
        onClick={() => setForm((f) => ({ ...f, deliveries: [...f.deliveries, emptyDelivery()] }))}
      >
        {t('admin.seasons.addDelivery')}
      </button>
    </fieldset>
  );
}

/** The season's terms: until when they hold, where orders are mailed, the two minimums, and the texts in each language. */
function SeasonTerms({ form, setForm, saving, error }: PartProps) {
  const { t } = useTranslation();
  const setText = (locale: Locale, key: keyof Texts, value: string) =>
    setForm((f) => ({ ...f, texts: { ...f.texts, [locale]: { ...f.texts[locale], [key]: value } } }));
  return (
    <fieldset className="season-form__terms">
      <legend className="pair-field__label">{t('admin.seasons.terms')}</legend>
      <div className="terms-form__grid">
        <Field
          id="season-validUntil"
          type="date"
          label={t('admin.seasons.validUntil')}
          value={form.validUntil}
          disabled={saving}
          error={error('validUntil')}
          onChange={(e) => setForm({ ...form, validUntil: e.target.value })}
        />
        <Field
          id="season-orderEmail"
          type="email"
          label={t('admin.wholesale.orderEmail')}
          required
          value={form.orderEmail}
          disabled={saving}
          error={error('orderEmail')}
          onChange={(e) => setForm({ ...form, orderEmail: e.target.value })}
        />
        {(['openingMinimum', 'reorderMinimum'] as const).map((key) => (
          <Field
            key={key}
            id={`season-${key}`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            label={t(`admin.wholesale.${key}`)}
            required
            value={form[key]}
            disabled={saving}
            error={error(key)}
            onChange={(e) => setForm({ ...form, [key]: acceptPrice(e.target.value) ?? form[key] })}
          />
        ))}
      </div>
      {(['paymentTerms', 'deliveryWindow', 'shippingNotes'] as const).map((key) => (
        <PairField
          key={key}
          id={`season-${key}`}
          label={t(`admin.wholesale.${key}`)}
          multiline
          maxLength={2000}
          value={{ fr: form.texts.fr[key], en: form.texts.en[key] }}
          disabled={saving}
          onChange={(value) => LOCALES.forEach((locale) => setText(locale, key, value[locale]))}
        />
      ))}
    </fieldset>
  );
}

/** A season's form: code, names, order window, delivery windows (add, remove) and its terms. */
export function SeasonForm({
  initial,
  editing,
  saving,
  onSubmit,
  onCancel,
}: {
  initial: SeasonFormValue;
  editing: string | null;
  saving: boolean;
  onSubmit: (form: SeasonFormValue) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const error = (key: string) => (problems[key] ? t(`admin.seasons.errors.${problems[key]}`) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = seasonProblems(form);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      const target = document.querySelector<HTMLElement>(`[data-field="${first}"] input, #season-${first}, #season-${first}-fr`);
      target?.focus();
      return;
    }
    onSubmit(form);
  }

  return (
    <form className="season-form" onSubmit={submit} noValidate aria-busy={saving} aria-labelledby="season-form-title" data-testid="season-form">
      <h2 id="season-form-title" className="form__title">
        {editing ? t('admin.seasons.editTitle', { code: editing }) : t('admin.seasons.createTitle')}
      </h2>
      <div className="terms-form__grid">
        <Field
          id="season-code"
          label={t('admin.seasons.code')}
          hint={t('admin.seasons.codeHint')}
          required
          maxLength={20}
          autoCapitalize="characters"
          value={form.code}
          disabled={saving}
          error={error('code')}
          onChange={(e) => setForm({ ...form, code: e.target.value })}
        />
        <Field
          id="season-ordersOpen"
          type="date"
          label={t('admin.seasons.ordersOpen')}
          required
          value={form.ordersOpen}
          disabled={saving}
          error={error('ordersOpen')}
          onChange={(e) => setForm({ ...form, ordersOpen: e.target.value })}
        />
        <Field
          id="season-ordersClose"
          type="date"
          label={t('admin.seasons.ordersClose')}
          value={form.ordersClose}
          disabled={saving}
          error={error('ordersClose')}
          onChange={(e) => setForm({ ...form, ordersClose: e.target.value })}
        />
      </div>
      <PairField
        id="season-name"
        label={t('admin.seasons.name')}
        required
        maxLength={80}
        value={form.name}
        disabled={saving}
        error={error('name')}
        onChange={(name) => setForm({ ...form, name })}
      />
      <DeliveryWindows form={form} setForm={setForm} saving={saving} error={error} />
      <SeasonTerms form={form} setForm={setForm} saving={saving} error={error} />
      <div className="order-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? t('admin.seasons.saving') : t('admin.seasons.save')}
        </button>
        <button type="button" className="button button--quiet" disabled={saving} onClick={onCancel}>
          {editing ? t('admin.seasons.cancel') : t('admin.seasons.startNew')}
        </button>
      </div>
    </form>
  );
}
