import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { ApiKey } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { target } from '../lib/api-client.ts';
import { useBusy } from '../lib/busy.ts';
import { useLanguage } from '../lib/language.tsx';
import type { RootData } from '../lib/meta.ts';
import { RefusedField, Refusals, useRefusals } from '../lib/refusals.tsx';
import { useScreenMessage } from '../lib/screen-message.ts';
import { useSession } from '../lib/session.tsx';
import { ShownOnce } from './admin/ShownOnce.tsx';
import { FormMessage } from './Field.tsx';

/** The shop's keys in use: each with its first characters, when it was last used, and its revocation. */
function FeedKeyList({ keys, busy, onRevoke }: { keys: ApiKey[]; busy: boolean; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const k = (key: string, values: Record<string, string> = {}) => t(`feed.keys.${key}`, values);
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : k('never');
  return (
    <ul className="feed-keys__list">
      {keys.map((key) => (
        <li key={key.id} data-testid="feed-key-row">
          <span>
            <strong>{key.name}</strong> <code>{key.prefix}…</code> · {k('lastUsed', { date: when(key.lastUsedAt) })}
          </span>
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={busy}
            onClick={() => onRevoke(key)}
            aria-label={k('revokeNamed', { name: key.name })}
          >
            {k('revoke')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The shop's own keys for its till (issue 60), for its administrators: a key reads the product feed and
 * nothing else; it is shown once with the feed's address, and revoked at any time.
 */
export function FeedKeys() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const refusals = useRefusals('feed-key-');
  const base = useRouteLoaderData<RootData>('root')?.brand.publicUrl ?? '';
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const k = (key: string, values: Record<string, string> = {}) => t(`feed.keys.${key}`, values);

  const load = useCallback(() => {
    api('GET /account/feed-keys')
      .then((res) => setKeys(res.data))
      .catch((error: unknown) => fail(error, 'feed.keys.loadError'));
  }, [api, fail]);
  useEffect(load, [load]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    setMade(null);
    setMessage(null);
    void run('feed.keys.createError', async () => {
      try {
        const created = await api('POST /account/feed-keys', { lang, body: { name } });
        setMade({ name: created.name, key: created.key });
        setName('');
        refusals.clear();
        load();
      } catch (error) {
        refusals.take(error);
        throw error;
      }
    });
  };
  const revoke = (key: ApiKey) => {
    if (!window.confirm(k('confirmRevoke', { name: key.name }))) return;
    void run('feed.keys.revokeError', async () => {
      await api('DELETE /account/feed-keys/:id', { params: { id: key.id }, lang });
      setMessage({ kind: 'success', text: k('revoked', { name: key.name }) });
      load();
    });
  };

  const active = keys?.filter((key) => !key.revokedAt) ?? [];
  return (
    <div className="feed-keys" data-testid="feed-keys">
      <h3 id="feed-keys-title">{k('title')}</h3>
      <p>{k('text')}</p>
      <Refusals value={refusals.value}>
        <form className="form form--inline" onSubmit={create} aria-labelledby="feed-keys-title">
          <RefusedField
            name="name"
            label={k('name')}
            hint={k('nameHint')}
            required
            maxLength={80}
            value={name}
            disabled={busy}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            {k('make')}
          </button>
        </form>
      </Refusals>
      {made && (
        <ShownOnce
          id="feed-key-value"
          testId="feed-key-made"
          text={k('made', { name: made.name })}
          label={k('address')}
          value={`${base}${target('GET /feed/products.csv', { query: { key: made.key }, lang }).url}`}
        />
      )}
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {keys && active.length === 0 && <p>{k('empty')}</p>}
      {active.length > 0 && <FeedKeyList keys={active} busy={busy} onRevoke={revoke} />}
    </div>
  );
}
