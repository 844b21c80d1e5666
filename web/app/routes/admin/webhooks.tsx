import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEvent } from '@atelier/contract';
import type { Route } from './+types/webhooks';
import { FormMessage } from '../../components/Field.tsx';
import { ShownOnce } from '../../components/admin/ShownOnce.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { RefusedField as Field, Refusals, useRefusals } from '../../lib/refusals.tsx';
import { useScreenMessage, type ScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { DeliveryLog, useWebhookWords as useWords, type Fail } from '../../components/admin/WebhookLog.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminWebhooks', noindex: true });

type Form = { id: number | null; url: string; description: string; events: WebhookEvent[]; enabled: boolean };
const EMPTY: Form = { id: null, url: '', description: '', events: ['order.submitted'], enabled: true };

type Secret = { url: string; secret: string };

/** A new address, or the one being edited: its URL, description, events and whether it is on. */
function EndpointForm({
  form,
  setForm,
  busy,
  onSubmit,
  refused,
}: {
  form: Form;
  setForm: (form: Form) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  refused: Record<string, string>;
}) {
  const { k, eventName } = useWords();
  const editing = form.id !== null;
  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="webhook-form-title">
      <h2 id="webhook-form-title" className="section-title section-title--small">
        {editing ? k('editTitle') : k('newTitle')}
      </h2>
      <Field
        name="url"
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
        name="description"
        label={k('description')}
        hint={k('descriptionHint')}
        maxLength={200}
        value={form.description}
        disabled={busy}
        onChange={(e) => setForm({ ...form, description: e.target.value })}
      />
      <fieldset aria-describedby={refused.events ? 'webhook-events-error' : undefined}>
        <legend>{k('eventsLegend')}</legend>
        {refused.events && (
          <p id="webhook-events-error" className="field__error">
            {refused.events}
          </p>
        )}
        {WEBHOOK_EVENTS.map((event, index) => (
          <div key={event} className="field field--check">
            <input
              id={index === 0 ? 'webhook-events' : `webhook-event-${event}`}
              aria-invalid={refused.events ? true : undefined}
              type="checkbox"
              checked={form.events.includes(event)}
              disabled={busy}
              onChange={(e) => setForm({ ...form, events: e.target.checked ? [...form.events, event] : form.events.filter((x) => x !== event) })}
            />
            <label htmlFor={index === 0 ? 'webhook-events' : `webhook-event-${event}`}>
              {eventName(event)} <code>{event}</code>
            </label>
          </div>
        ))}
      </fieldset>
      <div className="field field--check">
        <input id="webhook-enabled" type="checkbox" checked={form.enabled} disabled={busy} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
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
  );
}

type CardActions = { onLog: () => void; onEdit: () => void; onToggle: () => void; onRotate: () => void; onRemove: () => void };

/** One address: its state and last delivery, its events, its secret's prefix, and what can be done with it. */
function EndpointCard({ endpoint, onLog, onEdit, onToggle, onRotate, onRemove }: { endpoint: WebhookEndpoint } & CardActions) {
  const { k, eventName, when } = useWords();
  return (
    <li className="webhook-card" data-testid="webhook-row">
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
        <button type="button" className="button button--quiet button--small" onClick={onLog} aria-label={k('logNamed', { url: endpoint.url })}>
          {k('log')}
        </button>
        <button type="button" className="button button--quiet button--small" onClick={onEdit} aria-label={k('editNamed', { url: endpoint.url })}>
          {k('edit')}
        </button>
        <button
          type="button"
          className="button button--quiet button--small"
          onClick={onToggle}
          aria-label={k(endpoint.enabled ? 'turnOffNamed' : 'turnOnNamed', { url: endpoint.url })}
        >
          {endpoint.enabled ? k('turnOff') : k('turnOn')}
        </button>
        <button type="button" className="button button--quiet button--small" onClick={onRotate} aria-label={k('rotateNamed', { url: endpoint.url })}>
          {k('rotate')}
        </button>
        <button type="button" className="button button--quiet button--small" onClick={onRemove} aria-label={k('removeNamed', { url: endpoint.url })}>
          {k('remove')}
        </button>
      </div>
    </li>
  );
}

type ListProps = {
  endpoints: WebhookEndpoint[] | null;
  reload: () => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onLog: (endpoint: WebhookEndpoint | null) => void;
  logged: number | null;
  setSecret: (secret: Secret) => void;
  setMessage: (message: ScreenMessage) => void;
  fail: Fail;
};

/** The addresses, each turned off or on, its secret rotated, removed, or its log opened. */
function EndpointList({ endpoints, reload, onEdit, onLog, logged, setSecret, setMessage, fail }: ListProps) {
  const { lang } = useLanguage();
  const { api } = useSession();
  const { k } = useWords();

  async function toggle(endpoint: WebhookEndpoint) {
    try {
      await api('PUT /admin/webhooks/:id', {
        params: { id: endpoint.id },
        lang,
        body: { url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: !endpoint.enabled },
      });
      setMessage({ kind: 'success', text: k(endpoint.enabled ? 'turnedOff' : 'turnedOn', { url: endpoint.url }) });
      reload();
    } catch (error) {
      fail(error, 'admin.webhooks.saveError');
    }
  }

  async function rotate(endpoint: WebhookEndpoint) {
    if (!window.confirm(k('confirmRotate', { url: endpoint.url }))) return;
    try {
      const rotated = await api('POST /admin/webhooks/:id/rotate', { params: { id: endpoint.id }, lang });
      setSecret({ url: rotated.url, secret: rotated.secret });
      reload();
    } catch (error) {
      fail(error, 'admin.webhooks.saveError');
    }
  }

  async function remove(endpoint: WebhookEndpoint) {
    if (!window.confirm(k('confirmRemove', { url: endpoint.url }))) return;
    try {
      await api('DELETE /admin/webhooks/:id', { params: { id: endpoint.id }, lang });
      setMessage({ kind: 'success', text: k('removed', { url: endpoint.url }) });
      if (logged === endpoint.id) onLog(null);
      reload();
    } catch (error) {
      fail(error, 'admin.webhooks.saveError');
    }
  }

  return (
    <section>
      <h2 id="webhook-list" className="section-title section-title--small">
        {k('listTitle')}
      </h2>
      {endpoints && endpoints.length === 0 && <p>{k('empty')}</p>}
      {endpoints && endpoints.length > 0 && (
        <ul className="webhook-list">
          {endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onLog={() => onLog(endpoint)}
              onEdit={() => onEdit(endpoint)}
              onToggle={() => void toggle(endpoint)}
              onRotate={() => void rotate(endpoint)}
              onRemove={() => void remove(endpoint)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

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
  const { k } = useWords();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [secret, setSecret] = useState<Secret | null>(null);
  /** The endpoint whose deliveries are shown; a new choice reads its log again. */
  const [log, setLog] = useState<{ id: number; key: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const refusals = useRefusals('webhook-');

  const load = useCallback(() => {
    api('GET /admin/webhooks')
      .then((res) => setEndpoints(res.data))
      .catch((error: unknown) => fail(error, 'admin.webhooks.loadError'));
  }, [api, fail]);
  useEffect(load, [load]);

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
      refusals.clear();
      load();
    } catch (error) {
      fail(error, 'admin.webhooks.saveError');
      refusals.take(error);
    } finally {
      setBusy(false);
    }
  }

  const logged = log && endpoints?.find((e) => e.id === log.id);
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminWebhooks')}</h1>
      <p className="lead">{k('intro')}</p>
      <Refusals value={refusals.value}>
        <EndpointForm form={form} setForm={setForm} busy={busy} onSubmit={(e) => void save(e)} refused={refusals.invalid} />
      </Refusals>
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
      <EndpointList
        endpoints={endpoints}
        reload={load}
        onEdit={(e) => setForm({ id: e.id, url: e.url, description: e.description, events: e.events, enabled: e.enabled })}
        onLog={(e) => setLog(e && { id: e.id, key: Date.now() })}
        logged={log?.id ?? null}
        setSecret={setSecret}
        setMessage={setMessage}
        fail={fail}
      />
      {log && logged && <DeliveryLog key={log.key} endpoint={logged} setMessage={setMessage} fail={fail} />}
    </div>
  );
}
