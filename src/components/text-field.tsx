import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
}

/** A labelled text input that reports its value as a string. */
export function TextField({ label, value, onChange, error, hint, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          className="input"
          type="text"
          spellCheck={false}
          autoComplete="off"
          {...input}
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
