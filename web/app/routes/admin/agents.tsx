import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Agent } from '@atelier/contract';
import type { Route } from './+types/agents';
import { FormMessage } from '../../components/Field.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { RefusedField as Field, Refusals, useRefusals } from '../../lib/refusals.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { ListTable } from '../../components/admin/ListTable.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminAgents', noindex: true });

type Form = { name: string; email: string; commission: string; locale: 'fr' | 'en' };
const EMPTY: Form = { name: '', email: '', commission: '', locale: 'fr' };

/** The invitation of a new agent: name, e-mail, commission and the language of their mails. */
function InviteForm({ form, setForm, busy, onSubmit }: { form: Form; setForm: (form: Form) => void; busy: boolean; onSubmit: (event: FormEvent) => void }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`admin.agents.${key}`);
  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="agent-new">
      <h2 id="agent-new" className="section-title section-title--small">
        {k('newTitle')}
      </h2>
      <Field
        name="name"
        label={k('name')}
        required
        maxLength={80}
        autoComplete="off"
        value={form.name}
        disabled={busy}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <Field
        name="email"
        label={k('email')}
        type="email"
        required
        maxLength={254}
        autoComplete="off"
        value={form.email}
        disabled={busy}
        onChange={(e) => setForm({ ...form, email: e.target.value })}
      />
      <Field
        name="commissionRate"
        label={k('commission')}
        hint={k('commissionHint')}
        inputMode="decimal"
        value={form.commission}
        disabled={busy}
        onChange={(e) => setForm({ ...form, commission: e.target.value })}
      />
      <div className="field">
        <label htmlFor="agent-locale">{k('language')}</label>
        <select id="agent-locale" value={form.locale} disabled={busy} onChange={(e) => setForm({ ...form, locale: e.target.value as 'fr' | 'en' })}>
          {(['fr', 'en'] as const).map((l) => (
            <option key={l} value={l}>
              {k(`languages.${l}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={busy}>
        {k('invite')}
      </button>
    </form>
  );
}

/** One agent in the list: commission, whether they are on and have set a password, last sign-in, and what can be done. */
function AgentRow({ agent, busy, onToggle, onReinvite }: { agent: Agent; busy: boolean; onToggle: () => void; onReinvite: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const k = (key: string, values: Record<string, string> = {}) => t(`admin.agents.${key}`, values);
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : k('never');
  return (
    <tr data-testid="agent-row">
      <td>
        {agent.name}
        <br />
        <small>{agent.email}</small>
      </td>
      <td>{agent.commissionRate === null ? '—' : `${agent.commissionRate.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB')} %`}</td>
      <td>
        {agent.active ? k('active') : k('inactive')}
        {!agent.passwordSet && (
          <>
            <br />
            <small>{k('waiting', { when: when(agent.invitedAt) })}</small>
          </>
        )}
      </td>
      <td>{when(agent.lastSignInAt)}</td>
      <td>
        <div className="button-row">
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={busy}
            onClick={onToggle}
            aria-label={k(agent.active ? 'turnOffNamed' : 'turnOnNamed', { name: agent.name })}
          >
            {agent.active ? k('turnOff') : k('turnOn')}
          </button>
          {!agent.passwordSet && agent.active && (
            <button
              type="button"
              className="button button--quiet button--small"
              disabled={busy}
              onClick={onReinvite}
              aria-label={k('reinviteNamed', { name: agent.name })}
            >
              {k('reinvite')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** `/admin/agents`: the owner invites her sales agents, turns an account off or on, sends an invitation again. */
export default function AdminAgents() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [agents, setAgents] = useState<Agent[] | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [busy, setBusy] = useState(false);
  const refusals = useRefusals('agent-');
  const k = (key: string, values: Record<string, string> = {}) => t(`admin.agents.${key}`, values);

  const load = useCallback(() => {
    api('GET /admin/agents')
      .then((res) => setAgents(res.data))
      .catch((error: unknown) => fail(error, 'admin.agents.loadError'));
  }, [api, fail]);
  useEffect(load, [load]);

  async function run(work: () => Promise<string>) {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ kind: 'success', text: await work() });
      refusals.clear();
      load();
      return true;
    } catch (error) {
      fail(error, 'admin.agents.saveError');
      refusals.take(error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    const commission = form.commission.trim() === '' ? null : Number(form.commission.replace(',', '.'));
    const done = await run(async () => {
      const made = await api('POST /admin/agents', { lang, body: { name: form.name, email: form.email, commissionRate: commission, locale: form.locale } });
      return k('invited', { name: made.name });
    });
    if (done) setForm(EMPTY);
  }

  async function toggle(agent: Agent) {
    if (agent.active && !window.confirm(k('confirmOff', { name: agent.name }))) return;
    await run(async () => {
      await api('PUT /admin/agents/:id', {
        params: { id: agent.id },
        lang,
        body: { name: agent.name, commissionRate: agent.commissionRate, active: !agent.active },
      });
      return k(agent.active ? 'turnedOff' : 'turnedOn', { name: agent.name });
    });
  }

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminAgents')}</h1>
      <p className="lead">{k('intro')}</p>
      <Refusals value={refusals.value}>
        <InviteForm form={form} setForm={setForm} busy={busy} onSubmit={(e) => void invite(e)} />
      </Refusals>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <ListTable
        id="agent-list"
        title={k('listTitle')}
        empty={k('empty')}
        count={agents?.length ?? null}
        headers={[
          k('name'),
          k('commission'),
          k('status'),
          k('lastSignIn'),
          <span key="actions" className="visually-hidden">
            {t('admin.webhooks.actions')}
          </span>,
        ]}
      >
        {agents?.map((agent) => (
          <AgentRow
            key={agent.id}
            agent={agent}
            busy={busy}
            onToggle={() => void toggle(agent)}
            onReinvite={() =>
              void run(async () => {
                await api('POST /admin/agents/:id/invite', { params: { id: agent.id }, lang });
                return k('reinvited', { name: agent.name });
              })
            }
          />
        ))}
      </ListTable>
    </div>
  );
}
