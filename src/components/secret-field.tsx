import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

export interface SecretFieldProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  name?: string;
}

/**
 * A password input with a show/hide toggle.
 *
 * `autoComplete="new-password"` keeps the browser from offering to save or fill platform secrets.
 */
export function SecretField({ label, value, onChange, error, hint, placeholder, name }: SecretFieldProps) {
  const { t } = useTranslation('components');
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <div className="secret-input">
          <input
            className="input"
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            spellCheck={false}
            name={name}
            placeholder={placeholder}
            {...control}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-pressed={shown}
            aria-label={shown ? t('secret.hideLabel') : t('secret.showLabel')}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t('secret.hide') : t('secret.show')}
          </button>
        </div>
      )}
    </Field>
  );
}
