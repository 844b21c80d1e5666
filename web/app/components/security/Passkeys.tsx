import { useState, type FormEvent } from 'react';
import type { SecurityOverview } from '@atelier/contract';
import { formatDay } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { passkeysSupported, type PasskeyResponse } from '../../lib/passkeys.ts';
import { useSession } from '../../lib/session.tsx';
import { Field } from '../Field.tsx';

export interface FactorProps {
  overview: SecurityOverview;
  reload: () => Promise<void>;
  /** Runs a sensitive change, asking to sign in again when the server wants it. */
  guard: (action: () => Promise<void>, onError: (error: unknown) => void) => Promise<void>;
  onCodes: (codes: string[]) => void;
  onMessage: (kind: 'success' | 'error', text: string, error?: unknown) => void;
}

const day = (iso: string, lang: 'fr' | 'en') => formatDay(iso.slice(0, 10), lang);

/** Makes a passkey for the options the server gave (the browser's own WebAuthn JSON helpers). */
async function passkeyRegistration(options: Record<string, unknown>): Promise<PasskeyResponse> {
  const credential = (await navigator.credentials.create({
    publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options as unknown as PublicKeyCredentialCreationOptionsJSON),
  })) as PublicKeyCredential;
  return credential.toJSON() as unknown as PasskeyResponse;
}

type Renaming = { id: number; name: string } | null;
type RowProps = {
  passkey: SecurityOverview['passkeys'][number];
  renaming: Renaming;
  setRenaming: (renaming: Renaming) => void;
  onRename: (event: FormEvent) => void;
  onRemove: () => void;
};

/** One passkey: its name and dates, renamed in place, or removed. */
function PasskeyRow({ passkey: p, renaming, setRenaming, onRename, onRemove }: RowProps) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <li>
      {renaming?.id === p.id ? (
        <form onSubmit={onRename} className="security-list__rename">
          <Field
            label={t('security.renameLabel', { name: p.name })}
            value={renaming.name}
            maxLength={60}
            required
            onChange={(e) => setRenaming({ id: p.id, name: e.target.value })}
            autoFocus
          />
          <div className="form-actions">
            <button type="submit" className="button button--small">
              {t('security.save')}
            </button>
            <button type="button" className="button button--quiet button--small" onClick={() => setRenaming(null)}>
              {t('security.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <div>
            <strong>{p.name}</strong>
            <span className="security-list__meta">
              {t('security.passkeyCreated', { date: day(p.createdAt, lang) })} ·{' '}
              {p.lastUsedAt ? t('security.passkeyUsed', { date: day(p.lastUsedAt, lang) }) : t('security.passkeyNeverUsed')}
            </span>
          </div>
          <div className="security-list__actions">
            <button
              type="button"
              className="button button--quiet button--small"
              onClick={() => setRenaming({ id: p.id, name: p.name })}
              aria-label={`${t('security.rename')} ${p.name}`}
            >
              {t('security.rename')}
            </button>
            <button
              type="button"
              className="button button--quiet button--danger button--small"
              onClick={onRemove}
              aria-label={t('security.removeNamed', { name: p.name })}
            >
              {t('security.remove')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** Passkeys: add (named), list with their dates, rename, remove. */
export function Passkeys({ overview, reload, guard, onCodes, onMessage }: FactorProps) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<Renaming>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await guard(
      async () => {
        const options = await api('POST /account/passkeys/options');
        const response = await passkeyRegistration(options);
        const added = await api('POST /account/passkeys', { body: { name: name.trim(), response } });
        setName('');
        if (added.recoveryCodes) onCodes(added.recoveryCodes);
        onMessage('success', t('security.passkeyAdded'));
        await reload();
      },
      (error) => onMessage('error', t('security.passkeyError'), error),
    );
    setBusy(false);
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    try {
      await api('PATCH /account/passkeys/:id', { params: { id: renaming.id }, body: { name: renaming.name.trim() } });
      setRenaming(null);
      await reload();
    } catch (error) {
      onMessage('error', t('security.passkeyError'), error);
    }
  }

  const remove = (id: number) =>
    guard(
      async () => {
        await api('DELETE /account/passkeys/:id', { params: { id } });
        onMessage('success', t('security.removed'));
        await reload();
      },
      (error) => onMessage('error', t('security.passkeyError'), error),
    );

  return (
    <section className="security-block" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t('security.passkeysTitle')}</h2>
      <p>{t('security.passkeysIntro')}</p>
      {!overview.passkeysAvailable ? (
        <p className="field__hint">{t('security.passkeysUnavailable')}</p>
      ) : (
        <>
          {overview.passkeys.length === 0 ? (
            <p>{t('security.noPasskeys')}</p>
          ) : (
            <ul className="security-list" data-testid="passkeys">
              {overview.passkeys.map((p) => (
                <PasskeyRow key={p.id} passkey={p} renaming={renaming} setRenaming={setRenaming} onRename={rename} onRemove={() => void remove(p.id)} />
              ))}
            </ul>
          )}
          {passkeysSupported() ? (
            <form onSubmit={add} className="form security-add">
              <Field
                label={t('security.passkeyName')}
                hint={t('security.passkeyNameHint')}
                value={name}
                maxLength={60}
                required
                onChange={(e) => setName(e.target.value)}
                disabled={busy}
              />
              <button type="submit" className="button" disabled={busy}>
                {t('security.addPasskey')}
              </button>
            </form>
          ) : (
            <p className="field__hint">{t('security.passkeysUnsupported')}</p>
          )}
        </>
      )}
    </section>
  );
}
