import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/contact';
import { CheckboxField, Field, FormMessage, Honeypot, TextAreaField } from '../components/Field.tsx';
import { errorMessage, publicCall, warmClient } from '../lib/api.ts';
import { useLanguage } from '../lib/language.tsx';
import { pageMeta, type RootData } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.contact', path: '/contact' });

const empty = { name: '', email: '', message: '', consent: false, website: '' };

export default function Contact() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const root = useRouteLoaderData<RootData>('root');
  const [form, setForm] = useState(empty);
  const [state, setState] = useState<'idle' | 'loading' | 'success' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const sending = state === 'loading';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('loading');
    try {
      // Unticked, the box is sent as it is: the server refuses it with its own message (spec).
      await publicCall('POST /contact', {
        body: {
          name: form.name.trim(),
          email: form.email.trim(),
          message: form.message.trim(),
          consent: form.consent as true,
          lang,
          ...(form.website ? { website: form.website } : {}),
        },
      });
      setForm(empty);
      setState('success');
      setMessage(t('contact.success'));
    } catch (error) {
      setState('error');
      setMessage(errorMessage(error, t('contact.error')));
    }
  }

  return (
    <div className="page page--narrow">
      <h1 className="page-title">{t('pages.contact')}</h1>
      <p className="lead">{t('contact.intro')}</p>
      <p>{t('contact.direct', { email: root?.brand.email ?? '' })}</p>
      <form className="form" onSubmit={submit} onFocus={warmClient} aria-busy={sending}>
        <Field
          label={t('forms.name')}
          name="name"
          autoComplete="name"
          required
          value={form.name}
          disabled={sending}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <Field
          label={t('forms.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          disabled={sending}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
        <TextAreaField
          label={t('forms.message')}
          name="message"
          rows={6}
          required
          value={form.message}
          disabled={sending}
          onChange={(e) => setForm({ ...form, message: e.target.value })}
        />
        <CheckboxField
          label={t('contact.consent')}
          name="consent"
          required
          checked={form.consent}
          disabled={sending}
          onChange={(e) => setForm({ ...form, consent: e.target.checked })}
        />
        <Honeypot label={t('forms.honeypot')} value={form.website} onChange={(website) => setForm({ ...form, website })} />
        <div aria-live="polite">
          {state === 'success' && <FormMessage kind="success">{message}</FormMessage>}
          {state === 'error' && <FormMessage kind="error">{message}</FormMessage>}
        </div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('forms.sending') : t('contact.submit')}
        </button>
      </form>
    </div>
  );
}
