import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ReturnRecord } from '@atelier/contract';
import type { Route } from './+types/return';
import { FormMessage } from '../../components/Field.tsx';
import { AcceptReturnForm, ReceiveReturnForm, RefuseReturnForm } from '../../components/admin/ReturnMoves.tsx';
import { ReturnFacts, ReturnLines } from '../../components/ReturnView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminReturns', noindex: true });

/** One return for the owner: what the shop asks and why, then accept or refuse, then receive (its credit note issued then). */
export default function AdminReturn() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { returnId } = useParams();
  const [record, setRecord] = useState<ReturnRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, setMessage, fail } = useScreenMessage();
  const load = useCallback(() => {
    api('GET /admin/returns/:id', { params: { id: returnId! }, lang })
      .then(setRecord)
      .catch((error: unknown) => fail(error, 'admin.returns.loadError'));
  }, [api, returnId, lang, fail]);
  useEffect(load, [load]);

  async function act(move: (id: number) => Promise<ReturnRecord>, success: string) {
    if (!record) return;
    setBusy(true);
    setMessage(null);
    try {
      setRecord(await move(record.id));
      setMessage({ kind: 'success', text: t(success) });
    } catch (error) {
      fail(error, 'admin.orders.actionError');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-page order-page">
      <p>
        <Link to="/admin/returns">{t('admin.returns.back')}</Link>
      </p>
      <h1 className="page-title">{record ? t('returns.numbered', { number: record.number }) : t('pages.adminReturns')}</h1>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {record && (
        <>
          <p>
            {record.shop} · <Link to={`/admin/orders/${record.order.id}`}>{t('order.numbered', { number: record.order.number })}</Link>
          </p>
          <ReturnFacts record={record} />
          <ReturnLines record={record} />
          {record.creditNote && (
            <p data-testid="return-credit">
              <Link to={`/admin/invoices/${record.creditNote.id}`}>{t('returns.creditNote', { number: record.creditNote.number })}</Link>
            </p>
          )}
          {record.status === 'requested' && (
            <>
              <AcceptReturnForm
                record={record}
                busy={busy}
                onAccept={(body) => void act((id) => api('POST /admin/returns/:id/accept', { params: { id }, lang, body }), 'admin.returns.accepted')}
              />
              <RefuseReturnForm
                busy={busy}
                onRefuse={(reason) =>
                  void act((id) => api('POST /admin/returns/:id/refuse', { params: { id }, lang, body: { reason } }), 'admin.returns.refused')
                }
              />
            </>
          )}
          {record.status === 'accepted' && (
            <ReceiveReturnForm
              record={record}
              busy={busy}
              onReceive={(lines) =>
                void act((id) => api('POST /admin/returns/:id/receive', { params: { id }, lang, body: { lines } }), 'admin.returns.received')
              }
            />
          )}
        </>
      )}
    </div>
  );
}
