// Kept apart from Field.tsx, which every public page loads: only the signed-in order screens use it.
import type { ReactNode } from 'react';
import { Field } from './Field.tsx';

/** A number of pieces (1 to 999 unless told): digits only, as a phone's keypad types them. */
export function QuantityField({
  label,
  value,
  onValue,
  disabled,
  id,
  min = 1,
}: {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  disabled?: boolean;
  id?: string;
  min?: number;
}) {
  return (
    <Field
      {...(id ? { id } : {})}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={999}
      value={value}
      disabled={disabled}
      onChange={(e) => onValue(e.target.value.replace(/[^\d]/g, '').slice(0, 3))}
    />
  );
}
