import { useCallback, useEffect, useState } from 'react';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import type { ScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { ListTable } from './ListTable.tsx';

export type Fail = (error: unknown, key: string) => void;

/** The screen's words: its keys, an event's name, a moment (or a dash). */
export function useWebhookWords() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const k = (key: string, values: Record<string, string> = {}) => t(`admin.webhooks.${key}`, values);
  const eventName = (event: WebhookEvent) => t(`admin.webhooks.events.${event}`);
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '—';
  return { k, eventName, when };
}

/** One delivery of the log: its event, status, each try with its answer, the next try, and a replay. */
function DeliveryRow({ delivery, canReplay, onReplay }: { delivery: WebhookDelivery; canReplay: boolean; onReplay: () => void }) {
  const { k, eventName, when } = useWebhookWords();
  return (
    <tr data-testid="webhook-delivery">
      <td>
        {eventName(delivery.type)}
        <br />
        <small>
          <code>{delivery.eventId}</code> · {when(delivery.createdAt)}
        </small>
      </td>
      <td>{k(`statuses.${delivery.status}`)}</td>
      <td>
        <ol className="webhook-tries">
          {delivery.tries.map((attempt) => (
            <li key={attempt.attempt}>
              {when(attempt.at)} — {attempt.responseStatus ?? k('noAnswer')} · {k('duration', { ms: String(attempt.durationMs) })}
              {attempt.error && (
                <>
                  {' · '}
                  <small>{attempt.error}</small>
                </>
              )}
            </li>
          ))}
        </ol>
      </td>
      <td>{when(delivery.nextAttemptAt)}</td>
      <td>
        <button
          type="button"
          className="button button--quiet button--small"
          disabled={!canReplay}
          onClick={onReplay}
          aria-label={k('replayNamed', { event: eventName(delivery.type), id: delivery.eventId })}
        >
          {k('replay')}
        </button>
      </td>
    </tr>
  );
}

type LogPage = { deliveries: WebhookDelivery[]; total: number; nextCursor: string | null };

/** An address's deliveries, newest first: a page at a time, older ones appended on demand; each can be sent again. */
export function DeliveryLog({ endpoint, setMessage, fail }: { endpoint: WebhookEndpoint; setMessage: (message: ScreenMessage) => void; fail: Fail }) {
  const { lang } = useLanguage();
  const { api } = useSession();
  const { k, eventName } = useWebhookWords();
  const [log, setLog] = useState<LogPage | null>(null);

  const show = useCallback(async () => {
    try {
      const page = await api('GET /admin/webhooks/:id/deliveries', { params: { id: endpoint.id } });
      setLog({ deliveries: page.data, total: page.total, nextCursor: page.nextCursor });
    } catch (error) {
      fail(error, 'admin.webhooks.logError');
    }
  }, [api, fail, endpoint.id]);
  useEffect(() => void show(), [show]);

  /** The next (older) deliveries, after those already there. */
  async function showOlder() {
    if (!log?.nextCursor) return;
    try {
      const page = await api('GET /admin/webhooks/:id/deliveries', { params: { id: endpoint.id }, query: { cursor: log.nextCursor } });
      setLog((now) => now && { deliveries: [...now.deliveries, ...page.data], total: page.total, nextCursor: page.nextCursor });
    } catch (error) {
      fail(error, 'admin.webhooks.logError');
    }
  }

  async function replay(delivery: WebhookDelivery) {
    try {
      await api('POST /admin/webhooks/deliveries/:id/replay', { params: { id: delivery.id }, lang });
      setMessage({ kind: 'success', text: k('replayed', { event: eventName(delivery.type) }) });
      await show();
    } catch (error) {
      fail(error, 'admin.webhooks.replayError');
    }
  }

  if (!log) return null;
  return (
    <ListTable
      id="webhook-log"
      title={k('logTitle', { url: endpoint.url })}
      empty={k('logEmpty')}
      count={log.deliveries.length}
      headers={[
        k('event'),
        k('status'),
        k('tries'),
        k('nextTry'),
        <span key="actions" className="visually-hidden">
          {k('actions')}
        </span>,
      ]}
      more={
        log.nextCursor && (
          <p className="list-more">
            <button type="button" className="button button--quiet" onClick={() => void showOlder()}>
              {k('older', { shown: String(log.deliveries.length), total: String(log.total) })}
            </button>
          </p>
        )
      }
    >
      {log.deliveries.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} canReplay={endpoint.enabled} onReplay={() => void replay(delivery)} />
      ))}
    </ListTable>
  );
}
