import { useState } from 'react';
import { useNavigate } from 'react-router';
import { imageSource } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { uploadImage } from '../../lib/upload.ts';
import { useSession } from '../../lib/session.tsx';
import { PairField, type Pair } from './Bilingual.tsx';

/**
 * One picture uploaded through the image pipeline (the home hero, a post's cover), with its
 * description in both languages: upload, replace, remove, and the progress and error of a send.
 */
export function ImageUploadField({
  id,
  label,
  hint,
  url,
  onUrl,
  alt,
  onAlt,
  altMaxLength,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  url: string | null;
  onUrl: (url: string | null) => void;
  alt: Pair;
  onAlt: (alt: Pair) => void;
  altMaxLength: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = disabled || progress !== null;
  async function upload(file: File) {
    setError(null);
    setProgress(0);
    try {
      onUrl(await uploadImage('POST /admin/uploads', file, token, setProgress));
    } catch (e) {
      if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setError(errorMessage(e, t('admin.image.uploadError')));
    } finally {
      setProgress(null);
    }
  }
  return (
    <fieldset className="pair-field hero-field">
      <legend className="pair-field__label">{label}</legend>
      <p className="field__hint">{hint}</p>
      {url && <img className="hero-field__image" src={imageSource(url).src} alt="" width={160} height={200} />}
      <div className="field">
        <label htmlFor={`${id}-file`}>{url ? t('admin.image.replace') : t('admin.image.upload')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        {progress !== null && <progress max={1} value={progress} aria-label={t('admin.image.uploading')} />}
        {error && <p className="field__error">{error}</p>}
      </div>
      {url && (
        <button type="button" className="button button--quiet button--small" disabled={busy} onClick={() => onUrl(null)}>
          {t('admin.image.remove')}
        </button>
      )}
      <PairField
        id={`${id}-alt`}
        label={t('admin.image.alt')}
        hint={t('admin.image.altHint')}
        value={alt}
        onChange={onAlt}
        maxLength={altMaxLength}
        disabled={busy}
      />
    </fieldset>
  );
}
