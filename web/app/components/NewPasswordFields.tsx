import { useTranslation } from '../i18n/react.tsx';
import { isValidNewPassword } from '@atelier/contract/pure';
import { Field } from './Field.tsx';

export interface NewPasswordValue {
  password: string;
  confirmation: string;
}

/** New password + confirmation, with the requirements hint (spec §2 Account, §5). */
export function NewPasswordFields({ value, onChange, disabled }: { value: NewPasswordValue; onChange: (v: NewPasswordValue) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('password.new')}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint={t('password.hint')}
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
        disabled={disabled}
      />
      <Field
        label={t('password.confirmation')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        required
        minLength={8}
        value={value.confirmation}
        onChange={(e) => onChange({ ...value, confirmation: e.target.value })}
        disabled={disabled}
      />
    </>
  );
}

/** The §5 checks before sending: the translation key of the first problem, or null. */
export function newPasswordProblem(value: NewPasswordValue): string | null {
  if (!isValidNewPassword(value.password)) return 'password.policy';
  if (value.password !== value.confirmation) return 'password.mismatch';
  return null;
}
