import type { ReactNode } from 'react';
import { isOdd, oddSummary, rawText } from './odd-fields';

/**
 * The small "odd" mark beside a value that came with an unexpected type: its tooltip names the field
 * and the value as it came. Without `field`, it marks the record and names all its odd fields.
 */
export function OddMark({ record, field }: { record: { odd?: Record<string, unknown> }; field?: string }) {
  if (!record.odd || (field !== undefined && !isOdd(record, field))) return null;
  const title =
    field === undefined
      ? `Fields of an unexpected type, as they came: ${oddSummary(record)}`
      : `${field} came as ${rawText(record.odd[field])}, not the type expected: shown as it came`;
  return (
    <span className="odd-mark" title={title} data-testid="odd-mark" data-field={field}>
      odd<span className="visually-hidden"> ({title})</span>
    </span>
  );
}

/**
 * A field's value as the catalog shows it: the value as it came (raw) with the odd mark when it came
 * with an unexpected type, or `shown` otherwise.
 */
export function OddOr({
  record,
  field,
  children,
}: {
  record: { odd?: Record<string, unknown> };
  field: string;
  children: ReactNode;
}) {
  if (!isOdd(record, field)) return <>{children}</>;
  return (
    <span className="odd-value" data-testid="odd-value" data-field={field}>
      <span className="mono">{rawText(record.odd![field])}</span> <OddMark record={record} field={field} />
    </span>
  );
}
