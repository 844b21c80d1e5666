import { useEffect, useState, type FormEvent } from 'react';
import type { CsvColumns } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { Field, FormMessage } from '../Field.tsx';

const NAMES = ['date', 'amount', 'payer', 'iban', 'text', 'reference'] as const;
type Form = Record<(typeof NAMES)[number], string> & { dateFormat: 'iso' | 'dmy' };
const EMPTY: Form = { date: '', amount: '', payer: '', iban: '', text: '', reference: '', dateFormat: 'dmy' };

/** The CSV statements' columns, by their header's names (issue 59), chosen once and remembered; the chosen file's header is proposed. */
export function CsvColumnsForm({ header }: { header: string[] }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [form, setForm] = useState<Form>(EMPTY);
  useEffect(() => {
    api('GET /admin/bank/csv-columns')
      .then(({ columns }) => columns && setForm(formOf(columns)))
      .catch((error: unknown) => fail(error, 'admin.bank.columnsError'));
  }, [api, fail]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run('admin.bank.columnsError', async () => {
      const blank = (v: string) => (v.trim() ? v.trim() : null);
      const saved = await api('PUT /admin/bank/csv-columns', {
        body: {
          date: form.date.trim(),
          amount: form.amount.trim(),
          payer: blank(form.payer),
          iban: blank(form.iban),
          text: blank(form.text),
          reference: blank(form.reference),
          dateFormat: form.dateFormat,
        },
      });
      if (saved.columns) setForm(formOf(saved.columns));
      setMessage({ kind: 'success', text: t('admin.bank.columnsSaved') });
    });
  };
  return (
    <form className="form" onSubmit={save} data-testid="csv-columns">
      <p className="field__hint">{t('admin.bank.columnsHint')}</p>
      {header.length > 0 && (
        <datalist id="csv-header">
          {header.map((h) => (
            <option key={h} value={h} />
          ))}
        </datalist>
      )}
      {NAMES.map((name) => (
        <Field
          key={name}
          name={name}
          label={t(`admin.bank.columns.${name}`)}
          value={form[name]}
          required={name === 'date' || name === 'amount'}
          list={header.length ? 'csv-header' : undefined}
          disabled={busy}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        />
      ))}
      <div className="field">
        <label htmlFor="csv-date-format">{t('admin.bank.columns.dateFormat')}</label>
        <select
          id="csv-date-format"
          value={form.dateFormat}
          disabled={busy}
          onChange={(e) => setForm({ ...form, dateFormat: e.target.value as Form['dateFormat'] })}
        >
          <option value="dmy">31/12/2026</option>
          <option value="iso">2026-12-31</option>
        </select>
      </div>
      <button type="submit" className="button button--quiet" disabled={busy}>
        {t('admin.bank.columnsSave')}
      </button>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
    </form>
  );
}

const formOf = (c: CsvColumns): Form => ({
  date: c.date,
  amount: c.amount,
  payer: c.payer ?? '',
  iban: c.iban ?? '',
  text: c.text ?? '',
  reference: c.reference ?? '',
  dateFormat: c.dateFormat,
});
