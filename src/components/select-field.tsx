import type { ReactNode } from 'react';
import { Field } from './field';

interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string> {
  label: ReactNode;
  value: V;
  options: readonly SelectOption<V>[];
  onChange(value: V): void;
  error?: string;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
}

/** A labelled native select: keyboard and screen-reader behaviour come for free. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  error,
  hint,
  className,
  disabled,
}: SelectFieldProps<V>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select
          className="input select"
          {...control}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as V)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
