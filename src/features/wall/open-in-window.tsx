import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, DisplayInfo } from '../../../electron/shared/contract';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { api } from '../../lib/bridge';
import { plainError } from '../../lib/plain-error';
import { useProfilesStore } from '../../session/profiles-store';
import { windowViewUrl } from './wall-view';
import { useWallStore } from './wall-store';
import './open-in-window.css';

/** The view whose display is being chosen (desktop app), or null. */
const useOpenInWindowStore = create<{ layoutId: string | null; name: string }>(() => ({
  layoutId: null,
  name: '',
}));

/**
 * "Open in new window…": a saved view in a window of its own, each its own wall with its own engine.
 *
 * In the desktop app the operator picks the display first (the window then fills it, and comes back
 * there at the next start); the browser shell opens a browser window on `?view=<id>` at once (the
 * browser decides where it goes).
 */
function openInWindow(layoutId: string, name: string): void {
  const shell = useProfilesStore.getState().appInfo?.shell;
  if (shell === 'web') {
    window.open(windowViewUrl(layoutId), `wall-view-${layoutId}`);
    return;
  }
  useOpenInWindowStore.setState({ layoutId, name });
}

/**
 * The Views menu's item, given the menu's `choose` (which closes the menu first). A view never saved
 * cannot open elsewhere yet; a locked wall does not offer it (the core refuses it too).
 */
export function OpenInWindowItem({ choose }: { choose(action: () => void): void }) {
  const { layout, saved, editable } = useWallStore(
    useShallow((s) => ({
      layout: s.layout,
      saved: !!s.layout && s.changes !== 'new' && s.layouts.some((l) => l.id === s.layout?.id),
      editable: s.editable(),
    })),
  );
  if (!layout || !editable) return null;
  return (
    <button
      type="button"
      role="menuitem"
      disabled={!saved}
      title={saved ? 'Show this view in a window of its own, on a display you choose' : 'Save the view first'}
      onClick={() => choose(() => openInWindow(layout.id, layout.name))}
      data-testid="wall-open-in-window"
    >
      Open in new window…
    </button>
  );
}

/** The display picker of the desktop app, mounted by the app shell; shows itself when asked. */
export function OpenInWindowDialog() {
  const { layoutId, name } = useOpenInWindowStore();
  if (!layoutId) return null;
  return (
    <DisplayPicker
      key={layoutId}
      layoutId={layoutId}
      name={name}
      onClose={() => useOpenInWindowStore.setState({ layoutId: null })}
    />
  );
}

function DisplayPicker({ layoutId, name, onClose }: { layoutId: string; name: string; onClose(): void }) {
  const [displays, setDisplays] = useState<DisplayInfo[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const modified = useWallStore((s) => s.layout?.id === layoutId && s.changes === 'modified');

  useEffect(() => {
    let live = true;
    void api.displays.list().then((result) => {
      if (!live) return;
      if (!result.ok) return setError(result.error);
      setDisplays(result.value);
      // The first display that is not the primary one: where a second window usually goes.
      setChosen((result.value.find((d) => !d.primary) ?? result.value[0])?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, []);

  const open = async () => {
    setBusy(true);
    const result = await api.windows.open({ layoutId, ...(chosen !== null && { displayId: chosen }) });
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  };

  return (
    <Dialog
      title={`Open “${name}” in a new window`}
      onClose={onClose}
      size="medium"
      testId="open-in-window"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            busy={busy}
            disabled={!displays?.length || chosen === null}
            onClick={() => void open()}
            data-testid="open-in-window-confirm"
          >
            Open window
          </Button>
        </>
      }
    >
      <p className="text-muted small">
        The window fills the display you choose and plays this view on its own (its own connections). It opens
        there again when the app starts.
        {modified && ' It shows the view as saved: save your changes first to see them there.'}
      </p>
      {displays === null && !error && (
        <p className="small" role="status">
          <span className="spinner" aria-hidden="true" /> Looking for displays…
        </p>
      )}
      {displays && displays.length > 0 && (
        <>
          <DisplayMap displays={displays} chosen={chosen} onChoose={setChosen} />
          <fieldset className="display-choices">
            <legend className="field-label">Display</legend>
            {displays.map((d) => (
              <label key={d.id} className="display-choice" data-display={d.id}>
                <input
                  type="radio"
                  name="display"
                  checked={chosen === d.id}
                  onChange={() => setChosen(d.id)}
                />
                <span>
                  {d.label}
                  {d.primary && <span className="badge display-primary">primary</span>}
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}
      {displays && displays.length === 0 && <p className="text-warn small">No display was found.</p>}
      {error && (
        <p className="text-danger small" role="alert">
          {plainError(error).message}
        </p>
      )}
    </Dialog>
  );
}

const MAP_HEIGHT = 200;

/** The displays as they are arranged, to scale: a click chooses one. */
function DisplayMap({
  displays,
  chosen,
  onChoose,
}: {
  displays: DisplayInfo[];
  chosen: number | null;
  onChoose(id: number): void;
}) {
  const left = Math.min(...displays.map((d) => d.bounds.x));
  const top = Math.min(...displays.map((d) => d.bounds.y));
  const right = Math.max(...displays.map((d) => d.bounds.x + d.bounds.width));
  const bottom = Math.max(...displays.map((d) => d.bounds.y + d.bounds.height));
  const pct = (v: number, span: number) => `${(v / span) * 100}%`;
  return (
    <div
      className="display-map"
      // To scale, at most MAP_HEIGHT px high and as wide as the dialog.
      style={{
        aspectRatio: `${right - left} / ${bottom - top}`,
        width: `min(100%, ${Math.round((MAP_HEIGHT * (right - left)) / (bottom - top))}px)`,
      }}
      aria-hidden="true"
      data-testid="display-map"
    >
      {displays.map((d, i) => (
        <button
          key={d.id}
          type="button"
          tabIndex={-1}
          className={`display-map-screen${chosen === d.id ? ' is-on' : ''}`}
          style={{
            left: pct(d.bounds.x - left, right - left),
            top: pct(d.bounds.y - top, bottom - top),
            width: pct(d.bounds.width, right - left),
            height: pct(d.bounds.height, bottom - top),
          }}
          onClick={() => onChoose(d.id)}
        >
          <span className="display-map-number">{i + 1}</span>
          <span className="display-map-size">
            {d.bounds.width} × {d.bounds.height}
          </span>
        </button>
      ))}
    </div>
  );
}
