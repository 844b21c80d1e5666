import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { FormMessage } from '../Field.tsx';

/** The company's turn when short production is shared out "by priority" (issue 58): 1 first … 5 last. */
export function CompanyPriority({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [priority, setPriority] = useState<number | null>(null);
  useEffect(() => {
    api('GET /admin/companies/:id/priority', { params: { id: companyId } })
      .then((res) => setPriority(res.priority))
      .catch((error: unknown) => fail(error, 'admin.company.priorityError'));
  }, [api, companyId, fail]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run('admin.company.priorityError', async () => {
      const saved = await api('PUT /admin/companies/:id/priority', { params: { id: companyId }, body: { priority: priority ?? 3 } });
      setPriority(saved.priority);
      setMessage({ kind: 'success', text: t('admin.company.prioritySaved') });
    });
  };
  if (priority === null) return null;
  return (
    <form className="form company-priority" onSubmit={save} data-testid="company-priority">
      <div className="field">
        <label htmlFor="company-priority">{t('admin.company.priority')}</label>
        <select
          id="company-priority"
          aria-describedby="company-priority-hint"
          value={priority}
          disabled={busy}
          onChange={(e) => setPriority(Number(e.target.value))}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <p className="field__hint" id="company-priority-hint">
          {t('admin.company.priorityHint')}
        </p>
      </div>
      <button type="submit" className="button button--quiet" disabled={busy}>
        {t('admin.company.prioritySave')}
      </button>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
    </form>
  );
}
