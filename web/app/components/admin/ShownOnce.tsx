import type { ReactNode } from 'react';

/** A secret the server shows this once (an API key, a webhook's signing secret): said, then selectable whole. */
export function ShownOnce({ id, testId, text, label, value }: { id: string; testId: string; text: ReactNode; label: ReactNode; value: string }) {
  return (
    <div className="form-message form-message--success" role="status" data-testid={testId}>
      <p>{text}</p>
      <label htmlFor={id}>{label}</label>
      <input id={id} className="api-key__value" readOnly value={value} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
    </div>
  );
}
