import { useState } from 'react';
import { TAG_LAYOUTS, type TagLayout } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { FormMessage } from '../Field.tsx';

/** An order's hang tags (issue 60): a label a piece, with its EAN-13, on the A4 label sheet chosen. */
export function TagsDownload({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { token } = useSession();
  const { message, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [layout, setLayout] = useState<TagLayout>('a4-21');
  const get = () =>
    void run('admin.tags.error', async () => {
      if (token) await downloadFile('GET /admin/orders/:id/tags.pdf', { params: { id: orderId }, query: { layout }, lang }, token);
    });
  return (
    <div className="order-action tags-download" data-testid="tags-download">
      <div className="field">
        <label htmlFor="tags-layout">{t('admin.tags.layout')}</label>
        <select id="tags-layout" value={layout} disabled={busy} onChange={(e) => setLayout(e.target.value as TagLayout)}>
          {(Object.keys(TAG_LAYOUTS) as TagLayout[]).map((key) => (
            <option key={key} value={key}>
              {t(`admin.tags.layouts.${key}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button button--quiet" disabled={busy} onClick={get}>
        {t('admin.tags.download')}
      </button>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
    </div>
  );
}
