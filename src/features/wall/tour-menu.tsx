import { useMenuButton } from '../../components/use-menu-button';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { TourEditor } from './tour-editor';
import { useTourStore } from './tour-store';
import './tour-stage.css';
import { useWallStore } from './wall-store';

/**
 * "Tours ▾" in the wall's toolbar: start a saved tour, or open the tour editor (new, edit, remove).
 * Loads the tours and follows their changes while the wall is up. A locked kiosk may start tours,
 * not edit them. While a tour runs the button says so and the menu offers Stop.
 */
export function TourMenu() {
  const { tours, running } = useTourStore(useShallow((s) => ({ tours: s.tours, running: s.running })));
  const editable = useWallStore((s) => s.editable());
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const { open, setOpen, id, buttonRef, choose, rootProps } = useMenuButton();

  useEffect(() => {
    const { connect, load } = useTourStore.getState();
    const stop = connect();
    void load();
    return stop;
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
        title="Tours: views or cameras shown in turn"
        onClick={() => setOpen((o) => !o)}
        data-testid="tour-menu"
      >
        Tours ▾
      </button>
      {open && (
        <div
          className="wall-tile-menu-list wall-layout-menu-list tour-menu-list"
          role="menu"
          id={id}
          aria-label="Tours"
        >
          {running && (
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(() => useTourStore.getState().stop())}
              data-testid="tour-menu-stop"
            >
              ■ Stop “{running.tour.name}”
            </button>
          )}
          {tours.length === 0 && (
            <p className="tour-menu-empty small">
              No tours yet. A tour shows saved views in turn, or cycles one tile through cameras.
            </p>
          )}
          {tours.map((t) => (
            <button
              key={t.id}
              type="button"
              role="menuitem"
              onClick={() => choose(() => useTourStore.getState().start(t.id))}
              data-testid="tour-menu-start"
              data-tour-id={t.id}
            >
              ▶ {t.name}
              <span className="tour-menu-meta">
                {t.kind === 'views' ? `${t.views.length} views` : `${t.devices.length} cameras in a tile`} ·{' '}
                {t.dwellSeconds} s
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
                New tour…
              </button>
              {tours.length > 0 && (
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => choose(() => setEditing({ id: running?.tour.id ?? tours[0].id }))}
                  data-testid="tour-menu-edit"
                >
                  Edit tours…
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
