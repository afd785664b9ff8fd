export interface SkeletonRowsProps {
  rows?: number;
  /** What is loading, for the screen-reader announcement. */
  label: string;
  /** Height of one row in pixels, to match the list it stands in for. */
  rowHeight?: number;
}

/** Grey placeholder rows while a list loads; announced once as "Loading …". */
export function SkeletonRows({ rows = 6, label, rowHeight = 44 }: SkeletonRowsProps) {
  return (
    <div className="skeleton" role="status" aria-live="polite" data-testid="skeleton">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" aria-hidden="true" style={{ height: rowHeight }}>
          <span className="skeleton-bar" style={{ width: `${55 + ((i * 17) % 35)}%` }} />
          <span className="skeleton-bar skeleton-bar-short" />
        </div>
      ))}
    </div>
  );
}
