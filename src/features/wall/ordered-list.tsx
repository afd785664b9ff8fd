import { useTranslation } from 'react-i18next';
// MiddleEllipsis is shared by two features and belongs in src/components; until it moves there (#30):
import { MiddleEllipsis } from '../../components/middle-ellipsis';
import { moved } from './tour-form';

/** An ordered list with ↑ ↓ ✕ per row (the tour editor's views and cameras). */
export function OrderedList<T>({
  items,
  label,
  empty,
  onChange,
  testId,
}: {
  items: readonly T[];
  label(item: T): string;
  empty: string;
  onChange(items: T[]): void;
  testId: string;
}) {
  const { t } = useTranslation('wall');
  if (items.length === 0) return <p className="tour-editor-empty small">{empty}</p>;
  return (
    <ol className="tour-editor-order" data-testid={testId}>
      {items.map((item, i) => (
        <li key={i}>
          <span className="tour-editor-order-n">{i + 1}</span>
          <MiddleEllipsis text={label(item)} className="tour-editor-order-name" />
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={t('tourEditor.moveUp', { name: label(item) })}
            disabled={i === 0}
            onClick={() => onChange(moved(items, i, -1))}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={t('tourEditor.moveDown', { name: label(item) })}
            disabled={i === items.length - 1}
            onClick={() => onChange(moved(items, i, 1))}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={t('tourEditor.takeOut', { name: label(item) })}
            onClick={() => onChange(items.filter((_, k) => k !== i))}
          >
            ✕
          </button>
        </li>
      ))}
    </ol>
  );
}
