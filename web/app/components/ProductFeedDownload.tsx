import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useBusy } from '../lib/busy.ts';
import { downloadFile, saveBlob } from '../lib/download.ts';
import { useLanguage } from '../lib/language.tsx';
import { useScreenMessage } from '../lib/screen-message.ts';
import { useSession } from '../lib/session.tsx';
import { FeedKeys } from './FeedKeys.tsx';
import { CheckboxField, FormMessage } from './Field.tsx';

/**
 * The collection for the shop's own till (issue 60): Shopify's product CSV (retail prices in the shop's
 * currency, each size's EAN-13), the same as JSON, and the pictures as a ZIP; the whole collection or only
 * what the shop ordered; and, for the shop's administrators, the keys its till fetches the feed with.
 */
export function ProductFeedDownload() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token, user } = useSession();
  const { message, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [ordered, setOrdered] = useState(false);
  if (!token) return null;
  const query = { scope: ordered ? ('ordered' as const) : ('season' as const) };
  const get = (name: 'GET /feed/products.csv' | 'GET /feed/products.json' | 'GET /feed/images.zip') =>
    void run('feed.error', async () => {
      if (name === 'GET /feed/products.json') {
        const feed = await api('GET /feed/products.json', { query, lang });
        return saveBlob(new Blob([JSON.stringify(feed, null, 2)], { type: 'application/json' }), `products-${lang}.json`);
      }
      await downloadFile(name, { query, lang }, token);
    });
  return (
    <section className="product-feed" aria-labelledby="feed-title" data-testid="product-feed">
      <h2 id="feed-title">{t('feed.title')}</h2>
      <p>{t('feed.text')}</p>
      <CheckboxField label={t('feed.ordered')} checked={ordered} disabled={busy} onChange={(e) => setOrdered(e.target.checked)} />
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={() => get('GET /feed/products.csv')}>
          {t('feed.csv')}
        </button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => get('GET /feed/products.json')}>
          {t('feed.json')}
        </button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => get('GET /feed/images.zip')}>
          {t('feed.zip')}
        </button>
      </div>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {(user?.company?.role ?? 'admin') === 'admin' && <FeedKeys />}
    </section>
  );
}
