import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Field } from '../components/Field.tsx';
import { fieldErrors, focusFirstInvalid } from './api-errors.ts';

type Refused = { prefix: string; invalid: Record<string, string> };

const RefusalsContext = createContext<Refused | null>(null);

/**
 * A back-office form's refused fields (issue 56): `take(error)` marks each field the server named in a
 * 400 or 422's `errors` and moves focus to the first; a success clears them. The fields inside
 * `<Refusals>` find their own word by their `name` (the body's field, `/discount` → `discount`); their
 * id is `prefix` + name unless they give one.
 */
export function useRefusals(prefix: string) {
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  // Focus moves once the marks are rendered (and the form no longer busy: a disabled field takes no focus).
  const focusNext = useRef(false);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    focusFirstInvalid(invalid, prefix);
  }, [invalid, prefix]);
  const take = useCallback((error: unknown) => {
    focusNext.current = true;
    setInvalid(fieldErrors(error));
  }, []);
  const clear = useCallback(() => setInvalid({}), []);
  const value = useMemo(() => ({ prefix, invalid }), [prefix, invalid]);
  return { invalid, take, clear, value };
}

/** Gives the fields inside a form the words of its last refusal. */
export function Refusals({ value, children }: { value: Refused; children: ReactNode }) {
  return <RefusalsContext.Provider value={value}>{children}</RefusalsContext.Provider>;
}

/** A named field's id (what the focus finds it by) and the server's word on it, inside `<Refusals>`; nothing outside one. */
export function useRefused(name: string | undefined): { id?: string; error?: string } {
  const refused = useContext(RefusalsContext);
  if (!refused || !name) return {};
  return { id: `${refused.prefix}${name}`, error: refused.invalid[name] };
}

/**
 * A `Field` that shows the server's word on it by itself inside `<Refusals>` (its `name` is the body's
 * field); kept apart from `Field` so the public pages' forms do not load it.
 */
export function RefusedField(props: ComponentProps<typeof Field>) {
  const refused = useRefused(props.name);
  return <Field {...props} id={refused.id ?? props.id} error={props.error ?? refused.error} />;
}
