import { useTranslation } from 'react-i18next';
import type { TourPage } from './tour-store';
import './tour-current-view.css';

/**
 * While a tour runs, the grid of the view it shows, read-only, where the grid picker was (the wall's
 * own view waits under the tour, untouched, and comes back when it stops).
 */
export function TourCurrentView({ page }: { page: TourPage }) {
  const { grid } = page.layout;
  const { t } = useTranslation('wall');
  return (
    <span
      className="wall-tour-current small text-muted"
      data-testid="wall-tour-current"
      data-layout-id={page.layout.id}
      title={t('tourCurrent.title', { name: page.layout.name })}
    >
      <span data-testid="wall-tour-current-grid">
        {grid.columns} × {grid.rows}
      </span>
    </span>
  );
}
