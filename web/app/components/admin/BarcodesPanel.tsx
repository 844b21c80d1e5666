import { useEffect, useState, type FormEvent } from 'react';
import type { Gs1State } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { CheckboxField, Field, FormMessage } from '../Field.tsx';

/**
 * Barcodes (issue 60): the label's GS1 company prefix, every size without a code given the next EAN-13
 * under it, or the codes she already has imported (reference, colour, size, EAN). The grid shows each code.
 */
export function BarcodesPanel({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [state, setState] = useState<Gs1State | null>(null);
  const [prefix, setPrefix] = useState('');
  const [publish, setPublish] = useState(false);
  const [csv, setCsv] = useState('');
  useEffect(() => {
    api('GET /admin/settings/gs1')
      .then((s) => {
        setState(s);
        setPrefix(s.prefix ?? '');
        setPublish(s.publish);
      })
      .catch((error: unknown) => fail(error, 'admin.barcodes.loadError'));
  }, [api, fail]);
  const savePrefix = (event: FormEvent) => {
    event.preventDefault();
    void run('admin.barcodes.saveError', async () => {
      setState(await api('PUT /admin/settings/gs1', { body: { prefix, publish }, lang }));
      setMessage({ kind: 'success', text: t('admin.barcodes.prefixSaved') });
    });
  };
  const assign = () =>
    void run('admin.barcodes.saveError', async () => {
      const given = await api('POST /admin/barcodes/assign', { lang });
      setState(await api('GET /admin/settings/gs1'));
      setMessage({ kind: 'success', text: t('admin.barcodes.assigned', { count: given.assigned, left: given.left }) });
      onChanged();
    });
  const importCodes = (event: FormEvent) => {
    event.preventDefault();
    void run('admin.barcodes.saveError', async () => {
      const done = await api('POST /admin/barcodes/import', { body: { csv }, lang });
      setMessage({ kind: 'success', text: t('admin.barcodes.imported', { count: done.imported, unchanged: done.unchanged }) });
      setCsv('');
      onChanged();
    });
  };
  return (
    <details className="barcodes" data-testid="barcodes">
      <summary>{t('admin.barcodes.title')}</summary>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <form className="form" onSubmit={savePrefix}>
        <Field
          name="prefix"
          label={t('admin.barcodes.prefix')}
          hint={state?.prefix ? t('admin.barcodes.range', { used: state.used, left: state.left }) : t('admin.barcodes.prefixHint')}
          inputMode="numeric"
          value={prefix}
          disabled={busy}
          onChange={(e) => setPrefix(e.target.value)}
        />
        <CheckboxField
          label={t('admin.barcodes.publish')}
          aria-describedby="barcodes-publish-hint"
          checked={publish}
          disabled={busy}
          onChange={(e) => setPublish(e.target.checked)}
        />
        <p className="field__hint" id="barcodes-publish-hint">
          {t('admin.barcodes.publishHint')}
        </p>
        <div className="actions">
          <button type="submit" className="button button--quiet" disabled={busy}>
            {t('admin.barcodes.savePrefix')}
          </button>
          <button type="button" className="button" disabled={busy || !state?.prefix} onClick={assign}>
            {t('admin.barcodes.assign')}
          </button>
        </div>
      </form>
      <form className="form" onSubmit={importCodes}>
        <div className="field">
          <label htmlFor="barcodes-csv">{t('admin.barcodes.importLabel')}</label>
          <textarea id="barcodes-csv" rows={4} value={csv} disabled={busy} aria-describedby="barcodes-csv-hint" onChange={(e) => setCsv(e.target.value)} />
          <p className="field__hint" id="barcodes-csv-hint">
            {t('admin.barcodes.importHint')}
          </p>
        </div>
        <button type="submit" className="button button--quiet" disabled={busy || !csv.trim()}>
          {t('admin.barcodes.import')}
        </button>
      </form>
    </details>
  );
}
