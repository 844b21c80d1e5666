// The returns of a shop's order (issue 45): each with its steps, lines and credit note; and the form to
// ask for a new one when a parcel has left.
import { useCallback, useEffect, useState } from 'react';
import type { Order, ReturnRecord } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { useSession } from '../lib/session.tsx';
import { InvoiceDownload } from './InvoiceDownload.tsx';
import { ReturnRequestForm } from './ReturnRequestForm.tsx';
import { ReturnFacts, ReturnLines } from './ReturnView.tsx';

export function OrderReturns({ order, fail, done }: { order: Order; fail: (error: unknown, key: string) => void; done: (text: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [returns, setReturns] = useState<ReturnRecord[]>([]);
  const load = useCallback(() => {
    api('GET /orders/:id/returns', { params: { id: order.id }, lang })
      .then(setReturns)
      .catch((error: unknown) => fail(error, 'returns.loadError'));
  }, [api, order.id, lang, fail]);
  useEffect(load, [load]);
  if (!order.shipments?.length) return null;
  return (
    <section aria-labelledby="returns-title" className="order-returns">
      <h2 id="returns-title" className="section-title section-title--small">
        {t('returns.title')}
      </h2>
      {returns.map((r) => (
        <article key={r.id} className="parcel" data-testid="order-return">
          <h3 className="parcels__follow-title">{t('returns.numbered', { number: r.number })}</h3>
          <ReturnFacts record={r} />
          <ReturnLines record={r} />
          {r.creditNote && (
            <p data-testid="return-credit">
              {t('returns.creditNote', { number: r.creditNote.number })}{' '}
              <InvoiceDownload invoice={r.creditNote} short onError={(e) => fail(e, 'invoices.downloadError')} />
            </p>
          )}
        </article>
      ))}
      <ReturnRequestForm
        order={order}
        fail={fail}
        onSend={async (body) => {
          try {
            const made = await api('POST /orders/:id/returns', { params: { id: order.id }, lang, body });
            done(t('returns.sent', { number: made.number }));
            load();
          } catch (error) {
            fail(error, 'returns.sendError');
          }
        }}
      />
    </section>
  );
}
