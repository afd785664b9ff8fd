import type { HTMLAttributes } from 'react';
import { Field } from '../../components/field';
import type { FieldId } from './field-ids';
import type { FieldMessages } from './field-messages';

export interface DraftInputProps {
  label: string;
  fieldId: FieldId;
  /** The field's path in the request (`parameters[0].map.min`): for tests and for reading. */
  path: string;
  value: string;
  messages: FieldMessages;
  onChange(value: string): void;
  onBlur(): void;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  multiline?: boolean;
  className?: string;
  maxLength?: number;
  /** The id of a <datalist> whose values are offered (single-line fields only). */
  list?: string;
}

/**
 * One text field of the draft: label, problem and hint wired for assistive technology by Field,
 * and marked with its field id so the problem list and a reorder can bring the focus back to it.
 */
export function DraftInput({
  label,
  fieldId,
  path,
  value,
  messages,
  onChange,
  onBlur,
  inputMode,
  placeholder,
  multiline = false,
  className,
  maxLength,
  list,
}: DraftInputProps) {
  return (
    <Field label={label} error={messages.error} hint={messages.hint} className={className}>
      {(control) =>
        multiline ? (
          <textarea
            className="input tpl-textarea"
            rows={2}
            spellCheck
            {...control}
            data-field={fieldId}
            data-path={path}
            value={value}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
          />
        ) : (
          <input
            className="input"
            type="text"
            spellCheck={false}
            autoComplete="off"
            inputMode={inputMode}
            list={list}
            {...control}
            data-field={fieldId}
            data-path={path}
            value={value}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
          />
        )
      }
    </Field>
  );
}
