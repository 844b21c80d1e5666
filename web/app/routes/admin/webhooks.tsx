import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent } from '@atelier/contract';
import type { Route } from './+types/webhooks';
import { Field, FormMessage } from '../../components/Field.tsx';
import { ShownOnce } from '../../components/admin/ShownOnce.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { ListTable } from '../../components/admin/ListTable.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminWebhooks', noindex: true });

type Form = { id: number | null; url: string; description: string; events: WebhookEvent[]; enabled: boolean };
const EMPTY: Form = { id: null, url: '', description: '', events: ['order.submitted'], enabled: true };

/**
 * `/admin/webhooks`: the addresses the site tells about orders, invoices, payments, stock and new
 * stockists (Standard Webhooks, signed), each with its secret (shown once, rotated with 24 hours of
 * overlap) and the log of its deliveries, which can be sent again.
 */
export default function AdminWebhooks() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  /** The endpoint whose deliveries are shown, newest first: a page at a time, older ones appended on demand. */
  const [log, setLog] = useState<{ id: number; deliveries: WebhookDelivery[]; total: number; nextCursor: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const k = (key: string, values: Record<string, string> = {}) => t(`admin.webhooks.${key}`, values);
  const eventName = (event: WebhookEvent) => t(`admin.webhooks.events.${event}`);

  const load = useCallback(() => {
    api('GET /admin/webhooks')
      .then((res) => setEndpoints(res.data))
      .catch((error: unknown) => fail(error, 'admin.webhooks.loadError'));
  }, [api, fail]);
  useEffect(load, [load]);

  const showLog = useCallback(
    async (id: number) => {
      try {
        const page = await api('GET /admin/webhooks/:id/deliveries', { params: { id } });
        setLog({ id, deliveries: page.data, total: page.total, nextCursor: page.nextCursor });
      } catch (error) {
        fail(error, 'admin.webhooks.logError');
      }
    },
    [api, fail],
  );

  /** The next (older) deliveries of the log shown, after those already there. */
  async function showOlder() {
    if (!log?.nextCursor) return;
    try {
      const page = await api('GET /admin/webhooks/:id/deliveries', { params: { id: log.id }, query: { cursor: log.nextCursor } });
      setLog((now) =>
        now && now.id === log.id ? { ...now, deliveries: [...now.deliveries, ...page.data], total: page.total, nextCursor: page.nextCursor } : now,
      );
    } catch (error) {
      fail(error, 'admin.webhooks.logError');
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setSecret(null);
    const body = { url: form.url, description: form.description, events: form.events, enabled: form.enabled };
    try {
      if (form.id === null) {
        const made = await api('POST /admin/webhooks', { lang, body });
        setSecret({ url: made.url, secret: made.secret });
      } else {
        await api('PUT /admin/webhooks/:id', { params: { id: form.id }, lang, body });
        setMessage({ kind: 'success', text: k('saved') });
      }
      setForm(EMPTY);
      load();
    } catch (error) {
      fail(error, 'admin.webhooks.saveError');
    } finally {
      setBusy(false);
    }
  }

  async function toggle(endpoint: WebhookEndpoint) {
    try {
      await api('PUT /admin/webhooks/:id', {
        params: { id: endpoint.id },
        lang,
        body: { url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: !endpoint.enabled },
      });
      setMessage({ kind: 'success', text: k(endpoint.enabled ? 'turnedOff' : 'turnedOn', { url: endpoint.url }) });
      load();
    } catch (error) {
      fail(error, 'admin.webhooks.saveError');
    }
  }

  async function rotate(endpoint: WebhookEndpoint) {
    if (!window.confirm(k('confirmRotate', { url: endpoint.url }))) return;
    try {
      const rotated = await api('POST /admin/webhooks/:id/rotate', { params: { id: endpoint.id }, lang });
      setSecret({ url: rotated.url, secret: rotated.secret });
      load();
    } catch (error) {
      fail(error, 'admin.webhooks.saveError');
    }
  }

  async function remove(endpoint: WebhookEndpoint) {
    if (!window.confirm(k('confirmRemove', { url: endpoint.url }))) return;
    try {
      await api('DELETE /admin/webhooks/:id', { params: { id: endpoint.id }, lang });
      setMessage({ kind: 'success', text: k('removed', { url: endpoint.url }) });
      if (log?.id === endpoint.id) setLog(null);
      load();
    } catch (error) {
      fail(error, 'admin.webhooks.saveError');
    }
  }

  async function replay(delivery: WebhookDelivery) {
    try {
      await api('POST /admin/webhooks/deliveries/:id/replay', { params: { id: delivery.id }, lang });
      setMessage({ kind: 'success', text: k('replayed', { event: eventName(delivery.type) }) });
      if (log) await showLog(log.id);
    } catch (error) {
      fail(error, 'admin.webhooks.replayError');
    }
  }

  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '—';
  const editing = form.id !== null;
  const logged = log && endpoints?.find((e) => e.id === log.id);
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminWebhooks')}</h1>
      <p className="lead">{k('intro')}</p>
      <form className="form" onSubmit={(e) => void save(e)} aria-labelledby="webhook-form-title">
        <h2 id="webhook-form-title" className="section-title section-title--small">
          {editing ? k('editTitle') : k('newTitle')}
        </h2>
        <Field
          id="webhook-url"
          label={k('url')}
          hint={k('urlHint')}
          type="url"
          required
          maxLength={2000}
          value={form.url}
          disabled={busy}
          onChange={(e) => setForm({ ...form, url: e.target.value })}
        />
        <Field
          id="webhook-description"
          label={k('description')}
          hint={k('descriptionHint')}
          maxLength={200}
          value={form.description}
          disabled={busy}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
        />
        <fieldset>
          <legend>{k('eventsLegend')}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <div key={event} className="field field--check">
              <input
                id={`webhook-event-${event}`}
                type="checkbox"
                checked={form.events.includes(event)}
                disabled={busy}
                onChange={(e) => setForm({ ...form, events: e.target.checked ? [...form.events, event] : form.events.filter((x) => x !== event) })}
              />
              <label htmlFor={`webhook-event-${event}`}>
                {eventName(event)} <code>{event}</code>
              </label>
            </div>
          ))}
        </fieldset>
        <div className="field field--check">
          <input
            id="webhook-enabled"
            type="checkbox"
            checked={form.enabled}
            disabled={busy}
            onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
          />
          <label htmlFor="webhook-enabled">{k('enabled')}</label>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {editing ? k('save') : k('create')}
          </button>
          {editing && (
            <button type="button" className="button button--quiet" onClick={() => setForm(EMPTY)}>
              {k('cancelEdit')}
            </button>
          )}
        </div>
      </form>
      {secret && (
        <ShownOnce
          id="webhook-secret-value"
          testId="webhook-secret"
          text={k('secretShown', { url: secret.url })}
          label={k('secretLabel')}
          value={secret.secret}
        />
      )}
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <section>
        <h2 id="webhook-list" className="section-title section-title--small">
          {k('listTitle')}
        </h2>
        {endpoints && endpoints.length === 0 && <p>{k('empty')}</p>}
        {endpoints && endpoints.length > 0 && (
          <ul className="webhook-list">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id} className="webhook-card" data-testid="webhook-row">
                <p className="webhook-card__url">
                  <code>{endpoint.url}</code>
                </p>
                {endpoint.description && <p>{endpoint.description}</p>}
                <p>
                  <strong>{endpoint.enabled ? k('stateOn') : k('stateOff')}</strong>
                  {!endpoint.enabled && endpoint.disabledReason && <> — {k('disabledBecause', { reason: endpoint.disabledReason })}</>}
                  {' · '}
                  {endpoint.lastDelivery
                    ? k('lastDelivery', { status: k(`statuses.${endpoint.lastDelivery.status}`), when: when(endpoint.lastDelivery.at) })
                    : k('noDelivery')}
                </p>
                <p className="webhook-card__events">{endpoint.events.map(eventName).join(' · ')}</p>
                <p>
                  {k('secretPrefix')} <code>{endpoint.secretPrefix}…</code>
                  {endpoint.previousSecretUntil && <> — {k('previousUntil', { when: when(endpoint.previousSecretUntil) })}</>}
                </p>
                <div className="form-actions">
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() => void showLog(endpoint.id)}
                    aria-label={k('logNamed', { url: endpoint.url })}
                  >
                    {k('log')}
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() =>
                      setForm({ id: endpoint.id, url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: endpoint.enabled })
                    }
                    aria-label={k('editNamed', { url: endpoint.url })}
                  >
                    {k('edit')}
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() => void toggle(endpoint)}
                    aria-label={k(endpoint.enabled ? 'turnOffNamed' : 'turnOnNamed', { url: endpoint.url })}
                  >
                    {endpoint.enabled ? k('turnOff') : k('turnOn')}
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() => void rotate(endpoint)}
                    aria-label={k('rotateNamed', { url: endpoint.url })}
                  >
                    {k('rotate')}
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() => void remove(endpoint)}
                    aria-label={k('removeNamed', { url: endpoint.url })}
                  >
                    {k('remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {log && logged && (
        <ListTable
          id="webhook-log"
          title={k('logTitle', { url: logged.url })}
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
            <tr key={delivery.id} data-testid="webhook-delivery">
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
                  disabled={!logged.enabled}
                  onClick={() => void replay(delivery)}
                  aria-label={k('replayNamed', { event: eventName(delivery.type), id: delivery.eventId })}
                >
                  {k('replay')}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </div>
  );
}
