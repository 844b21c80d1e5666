import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ApiKey } from '@atelier/contract';
import type { Route } from './+types/api-keys';
import { FormMessage } from '../../components/Field.tsx';
import { ShownOnce } from '../../components/admin/ShownOnce.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { RefusedField as Field, Refusals, useRefusals } from '../../lib/refusals.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { ListTable } from '../../components/admin/ListTable.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminApiKeys', noindex: true });

type KeyForm = { name: string; access: 'read' | 'write' };

/** A new key: the integration it is for and whether it may only read or also write. */
function NewKeyForm({
  form,
  setForm,
  busy,
  onSubmit,
}: {
  form: KeyForm;
  setForm: (form: KeyForm) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`admin.apiKeys.${key}`);
  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="api-key-new">
      <h2 id="api-key-new" className="section-title section-title--small">
        {k('newTitle')}
      </h2>
      <Field
        name="name"
        label={k('name')}
        hint={k('nameHint')}
        required
        maxLength={80}
        value={form.name}
        disabled={busy}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <fieldset>
        <legend>{k('access')}</legend>
        {(['read', 'write'] as const).map((access) => (
          <div key={access} className="field field--check">
            <input
              id={`api-key-${access}`}
              type="radio"
              name="api-key-access"
              value={access}
              checked={form.access === access}
              disabled={busy}
              onChange={() => setForm({ ...form, access })}
            />
            <label htmlFor={`api-key-${access}`}>{k(`accesses.${access}`)}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {k('create')}
      </button>
    </form>
  );
}

/** One key: its name, access, prefix, when it was made and last used, and its revocation. */
function KeyRow({ apiKey: key, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const k = (key: string, values: Record<string, string> = {}) => t(`admin.apiKeys.${key}`, values);
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : k('never');
  return (
    <tr data-testid="api-key-row">
      <td>{key.name}</td>
      <td>{k(`accesses.${key.access}`)}</td>
      <td>
        <code>{key.prefix}…</code>
      </td>
      <td>
        {when(key.createdAt)}
        {key.createdBy && (
          <>
            <br />
            <small>{key.createdBy}</small>
          </>
        )}
      </td>
      <td>{when(key.lastUsedAt)}</td>
      <td>
        {key.revokedAt ? (
          k('revokedOn', { date: when(key.revokedAt) })
        ) : (
          <button type="button" className="button button--quiet button--small" onClick={onRevoke} aria-label={k('revokeNamed', { name: key.name })}>
            {k('revoke')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** `/admin/api-keys`: a key per integration (the accountant's tool, a webhook consumer), shown once, revocable. */
export default function AdminApiKeys() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [form, setForm] = useState<KeyForm>({ name: '', access: 'read' });
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const refusals = useRefusals('api-key-');
  const k = (key: string, values: Record<string, string> = {}) => t(`admin.apiKeys.${key}`, values);

  const load = useCallback(() => {
    api('GET /admin/api-keys')
      .then((res) => setKeys(res.data))
      .catch((error: unknown) => fail(error, 'admin.apiKeys.loadError'));
  }, [api, fail]);
  useEffect(load, [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setMade(null);
    try {
      const created = await api('POST /admin/api-keys', { lang, body: { name: form.name, access: form.access } });
      setMade({ name: created.name, key: created.key });
      setForm({ name: '', access: 'read' });
      refusals.clear();
      load();
    } catch (error) {
      fail(error, 'admin.apiKeys.createError');
      refusals.take(error);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKey) {
    if (!window.confirm(k('confirmRevoke', { name: key.name }))) return;
    try {
      await api('DELETE /admin/api-keys/:id', { params: { id: key.id }, lang });
      setMessage({ kind: 'success', text: k('revoked', { name: key.name }) });
      load();
    } catch (error) {
      fail(error, 'admin.apiKeys.revokeError');
    }
  }

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminApiKeys')}</h1>
      <p className="lead">{k('intro')}</p>
      <Refusals value={refusals.value}>
        <NewKeyForm form={form} setForm={setForm} busy={busy} onSubmit={(e) => void create(e)} />
      </Refusals>
      {made && <ShownOnce id="api-key-value" testId="api-key-made" text={k('made', { name: made.name })} label={k('keyLabel')} value={made.key} />}
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <ListTable
        id="api-key-list"
        title={k('listTitle')}
        empty={k('empty')}
        count={keys?.length ?? null}
        headers={[k('name'), k('access'), k('prefix'), k('createdAt'), k('lastUsedAt'), k('status')]}
      >
        {keys?.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={() => void revoke(key)} />
        ))}
      </ListTable>
    </div>
  );
}
