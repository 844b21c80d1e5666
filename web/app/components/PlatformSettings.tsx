import { useEffect, useState, type FormEvent } from 'react';
import type { PlatformSettings as Settings } from '@atelier/contract';
import { CheckboxField, Field, FormMessage } from './Field.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { useScreenMessage } from '../lib/screen-message.ts';
import { useSession } from '../lib/session.tsx';

type Form = { enabled: boolean; url: string; tokenUrl: string; clientId: string; secret: string; sendCashed: boolean };

/** A look-up in the platform's directory: is this SIREN reachable there? */
function SirenLookup({
  siren,
  setSiren,
  busy,
  onSubmit,
}: {
  siren: string;
  setSiren: (siren: string) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation();
  const p = (key: string) => t(`admin.platform.${key}`);
  return (
    <form className="invoice-filters" onSubmit={onSubmit} aria-label={p('lookup')}>
      <Field
        id="platform-siren"
        label={p('siren')}
        inputMode="numeric"
        pattern="[0-9]{9}"
        maxLength={9}
        required
        value={siren}
        disabled={busy}
        onChange={(e) => setSiren(e.target.value)}
      />
      <button type="submit" className="button button--quiet" disabled={busy}>
        {p('lookup')}
      </button>
    </form>
  );
}

/** The platform's addresses, client id and secret (an empty secret keeps the one saved). */
function ConnectionFields({ form, setForm, busy, secretSet }: { form: Form; setForm: (form: Form) => void; busy: boolean; secretSet: boolean }) {
  const { t } = useTranslation();
  const p = (key: string) => t(`admin.platform.${key}`);
  return (
    <>
      <Field
        id="platform-url"
        label={p('url')}
        hint={p('urlHint')}
        type="url"
        maxLength={2000}
        value={form.url}
        disabled={busy}
        onChange={(e) => setForm({ ...form, url: e.target.value })}
      />
      <Field
        id="platform-token-url"
        label={p('tokenUrl')}
        hint={p('tokenUrlHint')}
        type="url"
        maxLength={2000}
        value={form.tokenUrl}
        disabled={busy}
        onChange={(e) => setForm({ ...form, tokenUrl: e.target.value })}
      />
      <Field
        id="platform-client-id"
        label={p('clientId')}
        maxLength={200}
        value={form.clientId}
        disabled={busy}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setForm({ ...form, clientId: e.target.value })}
      />
      <Field
        id="platform-secret"
        label={p('secret')}
        hint={secretSet ? p('secretKept') : p('secretHint')}
        type="password"
        maxLength={500}
        value={form.secret}
        disabled={busy}
        autoComplete="new-password"
        onChange={(e) => setForm({ ...form, secret: e.target.value })}
      />
    </>
  );
}

/**
 * The approved e-invoicing platform on `/admin/invoicing` (issue 35): off by default; on, every new
 * invoice and credit note is handed to it after it is issued. The secret is typed once and never shown
 * again (an empty field keeps it). A connection check and a directory look-up use the saved settings.
 */
export function PlatformSettings() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [saved, setSaved] = useState<Settings | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [siren, setSiren] = useState('');
  const [found, setFound] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const p = (key: string, values: Record<string, string> = {}) => t(`admin.platform.${key}`, values);

  const show = (s: Settings) => {
    setSaved(s);
    setForm({ enabled: s.enabled, url: s.url, tokenUrl: s.tokenUrl, clientId: s.clientId, secret: '', sendCashed: s.sendCashed });
  };
  useEffect(() => {
    api('GET /admin/invoicing/platform')
      .then(show)
      .catch((error: unknown) => fail(error, 'admin.platform.loadError'));
  }, [api, fail]);

  async function run<T>(work: () => Promise<T>, fallback: string): Promise<T | null> {
    setBusy(true);
    setMessage(null);
    setFound(null);
    try {
      return await work();
    } catch (error) {
      fail(error, fallback);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const next = await run(
      () => api('PUT /admin/invoicing/platform', { lang, body: { ...form, secret: form.secret || undefined } }),
      'admin.platform.saveError',
    );
    if (next) {
      show(next);
      setMessage({ kind: 'success', text: p(next.enabled ? 'savedOn' : 'savedOff') });
    }
  }

  async function check() {
    const answer = await run(() => api('POST /admin/invoicing/platform/check', { lang }), 'admin.platform.checkError');
    if (answer) setMessage({ kind: 'success', text: answer.message });
  }

  async function lookup(event: FormEvent) {
    event.preventDefault();
    const answer = await run(() => api('GET /admin/invoicing/platform/siren', { query: { siren }, lang }), 'admin.platform.lookupError');
    if (answer) setFound(answer.found ? p('found', { siren: answer.siren, name: answer.name ?? '' }) : p('notFound', { siren: answer.siren }));
  }

  if (!form || !saved) return message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null;
  return (
    <section aria-labelledby="platform-title" className="platform-settings">
      <h2 id="platform-title" className="section-title section-title--small">
        {p('title')}
      </h2>
      <p className="field__hint">{p('intro')}</p>
      <form className="form" onSubmit={(e) => void save(e)} aria-labelledby="platform-title">
        <CheckboxField label={p('enabled')} checked={form.enabled} disabled={busy} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        {saved.enabled && saved.enabledAt && (
          <p className="field__hint">{p('since', { when: new Date(saved.enabledAt).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB') })}</p>
        )}
        <ConnectionFields form={form} setForm={setForm} busy={busy} secretSet={saved.secretSet} />
        <CheckboxField label={p('sendCashed')} checked={form.sendCashed} disabled={busy} onChange={(e) => setForm({ ...form, sendCashed: e.target.checked })} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {p('save')}
          </button>
          {saved.enabled && (
            <button type="button" className="button button--quiet" disabled={busy} onClick={() => void check()}>
              {p('check')}
            </button>
          )}
        </div>
      </form>
      {saved.enabled && <SirenLookup siren={siren} setSiren={setSiren} busy={busy} onSubmit={(e) => void lookup(e)} />}
      <div aria-live="polite">
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
        {found && <p role="status">{found}</p>}
      </div>
    </section>
  );
}
