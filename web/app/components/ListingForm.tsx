import { useId, useState, type FormEvent } from 'react';
import type { AccountListing, ListingInputRaw } from '@atelier/contract';
import { imageSource } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import type { UploadName } from '@atelier/contract/endpoints';
import { SessionExpiredError, errorMessage } from '../lib/api.ts';
import { uploadImage } from '../lib/upload.ts';
import { useSession } from '../lib/session.tsx';
import { PairField } from './admin/Bilingual.tsx';
import { CheckboxField, Field, FormMessage } from './Field.tsx';

export type ListingValues = Omit<AccountListing, 'updatedAt'>;

type PartProps = { form: ListingValues; set: (patch: Partial<ListingValues>) => void; busy: boolean; idPrefix: string };

/** Where the shop is and how to find it online: name, address, postcode, town, country, website, Instagram. */
function AddressFields({ form, set, busy, idPrefix, missing }: PartProps & { missing: string[] }) {
  const { t } = useTranslation();
  const err = (key: string) => (missing.includes(key) ? t('listing.errors.required') : undefined);
  return (
    <div className="listing-form__grid">
      <Field
        id={`${idPrefix}-name`}
        label={t('listing.name')}
        maxLength={120}
        autoComplete="organization"
        value={form.name}
        disabled={busy}
        error={err('name')}
        onChange={(e) => set({ name: e.target.value })}
      />
      <Field
        id={`${idPrefix}-address`}
        label={t('listing.address')}
        maxLength={200}
        autoComplete="street-address"
        value={form.address}
        disabled={busy}
        onChange={(e) => set({ address: e.target.value })}
      />
      <Field
        id={`${idPrefix}-postcode`}
        label={t('listing.postcode')}
        maxLength={10}
        autoComplete="postal-code"
        value={form.postcode}
        disabled={busy}
        error={err('postcode')}
        onChange={(e) => set({ postcode: e.target.value })}
      />
      <Field
        id={`${idPrefix}-city`}
        label={t('listing.city')}
        maxLength={80}
        autoComplete="address-level2"
        value={form.city}
        disabled={busy}
        error={err('city')}
        onChange={(e) => set({ city: e.target.value })}
      />
      <Field
        id={`${idPrefix}-country`}
        label={t('listing.country')}
        hint={t('listing.countryHint')}
        maxLength={2}
        autoComplete="country"
        value={form.country}
        disabled={busy}
        onChange={(e) => set({ country: e.target.value.toUpperCase() })}
      />
      <Field
        id={`${idPrefix}-website`}
        label={t('listing.website')}
        type="url"
        inputMode="url"
        maxLength={300}
        placeholder="https://"
        value={form.website}
        disabled={busy}
        onChange={(e) => set({ website: e.target.value })}
      />
      <Field
        id={`${idPrefix}-instagram`}
        label={t('listing.instagram')}
        hint={t('listing.instagramHint')}
        maxLength={200}
        value={form.instagram}
        disabled={busy}
        onChange={(e) => set({ instagram: e.target.value })}
      />
    </div>
  );
}

/** The shop's logo: shown when there is one, sent through the image pipeline, removable. */
function LogoField({ form, set, busy, idPrefix, uploading, onFile }: PartProps & { uploading: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <div className="field listing-form__logo">
      <label htmlFor={`${idPrefix}-logo`}>{t('listing.logo')}</label>
      {form.logoUrl && (
        <img src={imageSource(form.logoUrl).src} alt={t('listing.logoAlt', { name: form.name })} width={72} height={72} className="listing-form__logo-image" />
      )}
      <input
        id={`${idPrefix}-logo`}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        disabled={busy}
        aria-describedby={`${idPrefix}-logo-hint`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <p className="field__hint" id={`${idPrefix}-logo-hint`}>
        {uploading ? t('listing.uploading') : t('listing.logoHint')}
      </p>
      {form.logoUrl && (
        <button type="button" className="button button--quiet button--small" disabled={busy} onClick={() => set({ logoUrl: null })}>
          {t('listing.removeLogo')}
        </button>
      )}
    </div>
  );
}

type FormProps = {
  initial: ListingValues;
  save: (body: ListingInputRaw & { hidden?: boolean }) => Promise<ListingValues>;
  uploadTo: UploadName;
  owner?: boolean;
  idPrefix: string;
  onSessionExpired: () => void;
};

/**
 * A shop's listing on /where-to-buy: the retailer edits their own (opt in or out), the owner
 * any of them (and may hide it: her hide wins). Markup typed here is shown as text.
 */
export function ListingForm({ initial, save, uploadTo, owner = false, idPrefix, onSessionExpired }: FormProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [form, setForm] = useState<ListingValues>(initial);
  const [state, setState] = useState<'idle' | 'saving' | 'uploading'>('idle');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const titleId = useId();
  const busy = state !== 'idle';
  const set = (patch: Partial<ListingValues>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    // Listed needs a name, a postcode and a town (the server says the same).
    const empty = form.listed ? (['name', 'postcode', 'city'] as const).filter((k) => !form[k].trim()) : [];
    setMissing(empty);
    if (empty.length) {
      setMessage({ kind: 'error', text: t('listing.errors.address') });
      document.getElementById(`${idPrefix}-${empty[0]}`)?.focus();
      return;
    }
    setState('saving');
    try {
      const { hidden, ...fields } = form;
      const saved = await save(owner ? { ...fields, hidden } : fields);
      setForm(saved);
      setMessage({ kind: 'success', text: t(owner ? 'listing.adminSaved' : 'listing.saved') });
    } catch (error) {
      if (error instanceof SessionExpiredError) return onSessionExpired();
      setMessage({ kind: 'error', text: errorMessage(error, t('listing.saveError')) });
    } finally {
      setState('idle');
    }
  }

  async function upload(file: File) {
    setState('uploading');
    setMessage(null);
    try {
      set({ logoUrl: await uploadImage(uploadTo, file, token, () => undefined) });
    } catch (error) {
      if (error instanceof SessionExpiredError) return onSessionExpired();
      setMessage({ kind: 'error', text: errorMessage(error, t('listing.uploadError')) });
    } finally {
      setState('idle');
    }
  }

  return (
    <form className="form listing-form" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby={titleId}>
      <h3 className="form__title" id={titleId}>
        {owner ? form.name || t('listing.unnamed') : t('listing.title')}
      </h3>
      {!owner && <p className="field__hint">{t('listing.intro')}</p>}
      {!owner && form.hidden && <p className="form-message form-message--error">{t('listing.hiddenByLabel')}</p>}
      <CheckboxField
        label={t(owner ? 'listing.listedByShop' : 'listing.listed')}
        checked={form.listed}
        disabled={busy}
        onChange={(e) => set({ listed: e.target.checked })}
      />
      {owner && <CheckboxField label={t('listing.hidden')} checked={form.hidden} disabled={busy} onChange={(e) => set({ hidden: e.target.checked })} />}
      <AddressFields form={form} set={set} busy={busy} idPrefix={idPrefix} missing={missing} />
      <PairField
        id={`${idPrefix}-description`}
        label={t('listing.description')}
        hint={t('listing.descriptionHint')}
        value={form.description}
        onChange={(description) => set({ description })}
        multiline
        maxLength={500}
        disabled={busy}
      />
      <LogoField form={form} set={set} busy={busy} idPrefix={idPrefix} uploading={state === 'uploading'} onFile={(file) => void upload(file)} />
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <button type="submit" className="button" disabled={busy}>
        {state === 'saving' ? t('listing.saving') : t('listing.save')}
      </button>
    </form>
  );
}
