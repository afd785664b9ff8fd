import type { TourPage } from './tour-store';
import './tour-current-view.css';

/**
 * While a tour runs, the grid of the view it shows, read-only, where the grid picker was (the wall's
 * own view waits under the tour, untouched, and comes back when it stops).
 */
export function TourCurrentView({ page }: { page: TourPage }) {
  const { grid } = page.layout;
  return (
    <span
      className="wall-tour-current small text-muted"
      data-testid="wall-tour-current"
      data-layout-id={page.layout.id}
      title={`The tour shows “${page.layout.name}”. Stop the tour to edit the wall’s own view again.`}
    >
      <span data-testid="wall-tour-current-grid">
        {grid.columns} × {grid.rows}
      </span>
    </span>
  );
}
