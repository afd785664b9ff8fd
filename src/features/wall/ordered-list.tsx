// MiddleEllipsis is shared by two features and belongs in src/components; until it moves there (#30):
// eslint-disable-next-line import-x/no-restricted-paths
import { MiddleEllipsis } from '../catalog/middle-ellipsis';
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
            aria-label={`Move ${label(item)} up`}
            disabled={i === 0}
            onClick={() => onChange(moved(items, i, -1))}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={`Move ${label(item)} down`}
            disabled={i === items.length - 1}
            onClick={() => onChange(moved(items, i, 1))}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={`Take ${label(item)} out`}
            onClick={() => onChange(items.filter((_, k) => k !== i))}
          >
            ✕
          </button>
        </li>
      ))}
    </ol>
  );
}
