import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isOdd, oddSummary, rawText } from './odd-fields';

/**
 * The small "odd" mark beside a value that came with an unexpected type: its tooltip names the field
 * and the value as it came. Without `field`, it marks the record and names all its odd fields.
 */
export function OddMark({ record, field }: { record: { odd?: Record<string, unknown> }; field?: string }) {
  const { t } = useTranslation('catalog');
  if (!record.odd || (field !== undefined && !isOdd(record, field))) return null;
  const title =
    field === undefined
      ? t('odd.recordTitle', { fields: oddSummary(record) })
      : t('odd.fieldTitle', { field, value: rawText(record.odd[field]) });
  return (
    <span className="odd-mark" title={title} data-testid="odd-mark" data-field={field}>
      {t('odd.mark')}
      <span className="visually-hidden">{t('odd.markHidden', { title })}</span>
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
