import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { Route } from './+types/retailers';
import { ConsentLabel } from '../components/ConsentLabel.tsx';
import { CheckboxField, Field, FormMessage, Honeypot, TextAreaField } from '../components/Field.tsx';
import { TrustCarousel } from '../components/TrustCarousel.tsx';
import { appContext } from '../context.ts';
import { requestLocale } from '../lib/request.ts';
import { errorMessage, publicCall, warmClient } from '../lib/api.ts';
import { useLanguage } from '../lib/language.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.retailers', path: '/retailers' });

/**
 * The owner's texts, and the carousel: the listed retailers who gave a description and a
 * logo, or the label's own shops while fewer than two have.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const lang = requestLocale(request);
  const [texts, listed] = await Promise.all([ctx.pages.texts('retailers', lang), ctx.listings.carousel(lang).catch(() => [])]);
  return { ...texts, shops: listed.length >= 2 ? listed : texts.shops };
}

const empty = { name: '', email: '', company: '', siret: '', phone: '', shopType: '', message: '', catalogOptIn: false, consent: false, website: '' };

type Application = typeof empty;

/** The shop's optional details: company, SIRET, phone, kind of shop. */
function ShopFields({ form, set, sending }: { form: Application; set: (patch: Partial<Application>) => void; sending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={`${t('forms.company')} (${t('forms.optional')})`}
        name="company"
        autoComplete="organization"
        value={form.company}
        disabled={sending}
        onChange={(e) => set({ company: e.target.value })}
      />
      <Field
        label={`${t('forms.siret')} (${t('forms.optional')})`}
        name="siret"
        inputMode="numeric"
        hint={t('forms.siretHint')}
        value={form.siret}
        disabled={sending}
        onChange={(e) => set({ siret: e.target.value })}
      />
      <Field
        label={`${t('forms.phone')} (${t('forms.optional')})`}
        name="phone"
        type="tel"
        autoComplete="tel"
        value={form.phone}
        disabled={sending}
        onChange={(e) => set({ phone: e.target.value })}
      />
      <Field
        label={`${t('forms.shopType')} (${t('forms.optional')})`}
        name="shopType"
        value={form.shopType}
        disabled={sending}
        onChange={(e) => set({ shopType: e.target.value })}
      />
    </>
  );
}

/** The application: who, the shop, a message, the catalogue and the consent (§2). */
function ApplicationForm() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const [form, setForm] = useState(empty);
  const [state, setState] = useState<'idle' | 'loading' | 'success' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const sending = state === 'loading';
  const set = (patch: Partial<typeof empty>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('loading');
    // §2: values trimmed; optional fields sent only when non-empty; the opt-in only when ticked.
    const optional = Object.fromEntries(
      (['company', 'siret', 'phone', 'shopType'] as const).map((key) => [key, form[key].trim()]).filter(([, value]) => value !== ''),
    );
    try {
      await publicCall('POST /retailers/contact', {
        body: {
          name: form.name.trim(),
          email: form.email.trim(),
          message: form.message.trim(),
          consent: form.consent,
          ...optional,
          ...(form.catalogOptIn ? { catalogOptIn: true } : {}),
          ...(form.website ? { website: form.website } : {}),
          lang,
        },
      });
      setForm(empty);
      setState('success');
      setMessage(t('retailers.success'));
    } catch (error) {
      setState('error');
      setMessage(errorMessage(error, t('retailers.error')));
    }
  }

  return (
    <form className="form retailers__form" onSubmit={submit} onFocus={warmClient} aria-labelledby="apply-title" aria-busy={sending}>
      <h2 id="apply-title" className="form__title">
        {t('retailers.formTitle')}
      </h2>
      <Field
        label={t('forms.name')}
        name="name"
        autoComplete="name"
        required
        value={form.name}
        disabled={sending}
        onChange={(e) => set({ name: e.target.value })}
      />
      <Field
        label={t('forms.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        disabled={sending}
        onChange={(e) => set({ email: e.target.value })}
      />
      <ShopFields form={form} set={set} sending={sending} />
      <TextAreaField
        label={t('forms.message')}
        name="message"
        rows={4}
        required
        value={form.message}
        disabled={sending}
        onChange={(e) => set({ message: e.target.value })}
      />
      <CheckboxField
        label={t('forms.catalogOptIn')}
        name="catalogOptIn"
        checked={form.catalogOptIn}
        disabled={sending}
        onChange={(e) => set({ catalogOptIn: e.target.checked })}
      />
      <CheckboxField
        label={<ConsentLabel />}
        name="consent"
        required
        checked={form.consent}
        disabled={sending}
        onChange={(e) => set({ consent: e.target.checked })}
      />
      <Honeypot label={t('forms.honeypot')} value={form.website} onChange={(website) => set({ website })} />
      <div aria-live="polite">
        {state === 'success' && <FormMessage kind="success">{message}</FormMessage>}
        {state === 'error' && <FormMessage kind="error">{message}</FormMessage>}
      </div>
      <button type="submit" className="button" disabled={sending}>
        {sending ? t('forms.sending') : t('retailers.submit')}
      </button>
    </form>
  );
}

export default function Retailers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { shops, benefits, intro, mantra } = loaderData;
  return (
    <div className="page retailers">
      <div className="retailers__intro">
        <h1 className="page-title">{t('pages.retailers')}</h1>
        <p className="lead">{intro}</p>
        <h2 className="section-title">{t('retailers.benefitsTitle')}</h2>
        <ul className="benefits">
          {benefits.map((b, i) => (
            <li key={i}>{b}</li>
          ))}
        </ul>
        {mantra && <p className="retailers__mantra">{mantra}</p>}
        <TrustCarousel items={shops} />
      </div>
      <ApplicationForm />
    </div>
  );
}
