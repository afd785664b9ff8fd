import { useMenuButton } from '../../components/use-menu-button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TourEditor } from './tour-editor';
import { selectTours, useCoreMirror } from '../../session/core-mirror';
import { useTourStore } from './tour-store';
import './tour-stage.css';
import { useWallStore } from './wall-store';

/**
 * "Tours ▾" in the wall's toolbar: start a saved tour, or open the tour editor (new, edit, remove).
 * Follows the saved tours' changes while the wall is up. A locked kiosk may start tours,
 * not edit them. While a tour runs the button says so and the menu offers Stop.
 */
export function TourMenu() {
  const tours = useCoreMirror(selectTours);
  const running = useTourStore((s) => s.running);
  const editable = useWallStore((s) => s.editable());
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const { open, setOpen, id, buttonRef, choose, rootProps } = useMenuButton();
  const { t } = useTranslation('wall');

  useEffect(() => {
    return useTourStore.getState().connect();
  }, []);

  return (
    <div className="wall-layout-menu tour-menu" {...rootProps}>
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-ghost btn-small${running ? ' is-on' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        title={t('tourMenu.title')}
        onClick={() => setOpen((o) => !o)}
        data-testid="tour-menu"
      >
        {t('tourMenu.button')}
      </button>
      {open && (
        <div
          className="wall-tile-menu-list wall-layout-menu-list tour-menu-list"
          role="menu"
          id={id}
          aria-label={t('tourMenu.label')}
        >
          {running && (
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(() => useTourStore.getState().stop())}
              data-testid="tour-menu-stop"
            >
              {t('tourMenu.stop', { name: running.tour.name })}
            </button>
          )}
          {tours.length === 0 && <p className="tour-menu-empty small">{t('tourMenu.empty')}</p>}
          {tours.map((tour) => (
            <button
              key={tour.id}
              type="button"
              role="menuitem"
              onClick={() => choose(() => useTourStore.getState().start(tour.id))}
              data-testid="tour-menu-start"
              data-tour-id={tour.id}
            >
              ▶ {tour.name}
              <span className="tour-menu-meta">
                {tour.kind === 'views'
                  ? t('tourMenu.metaViews', { count: tour.views.length, seconds: tour.dwellSeconds })
                  : t('tourMenu.metaCameras', { count: tour.devices.length, seconds: tour.dwellSeconds })}
              </span>
            </button>
          ))}
          {editable && (
            <>
              <hr className="tour-menu-rule" />
              <button
                type="button"
                role="menuitem"
                onClick={() => choose(() => setEditing({ id: null }))}
                data-testid="tour-menu-new"
              >
                {t('tourMenu.new')}
              </button>
              {tours.length > 0 && (
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => choose(() => setEditing({ id: running?.tour.id ?? tours[0].id }))}
                  data-testid="tour-menu-edit"
                >
                  {t('tourMenu.edit')}
                </button>
              )}
            </>
          )}
        </div>
      )}
      {editing && <TourEditor initialId={editing.id} onClose={() => setEditing(null)} />}
    </div>
  );
}
