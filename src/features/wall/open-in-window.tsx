import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, DisplayInfo } from '../../../electron/shared/contract';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { api } from '../../lib/bridge';
import { plainError } from '../../lib/plain-error';
import { windowViewUrl } from './wall-view';
import { selectLayouts, useCoreMirror } from '../../session/core-mirror';
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
  const shell = useCoreMirror.getState().appInfo?.shell;
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
  const layouts = useCoreMirror(selectLayouts);
  const { layout, changes, editable } = useWallStore(
    useShallow((s) => ({ layout: s.layout, changes: s.changes, editable: s.editable() })),
  );
  const saved = !!layout && changes !== 'new' && layouts.some((l) => l.id === layout.id);
  const { t } = useTranslation('wall');
  if (!layout || !editable) return null;
  return (
    <button
      type="button"
      role="menuitem"
      disabled={!saved}
      title={saved ? t('menu.openInWindowTitle') : t('menu.saveFirst')}
      onClick={() => choose(() => openInWindow(layout.id, layout.name))}
      data-testid="wall-open-in-window"
    >
      {t('menu.openInWindow')}
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
  const { t } = useTranslation('wall');

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
      title={t('window.title', { name })}
      onClose={onClose}
      size="medium"
      testId="open-in-window"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('window.cancel')}
          </Button>
          <Button
            variant="primary"
            busy={busy}
            disabled={!displays?.length || chosen === null}
            onClick={() => void open()}
            data-testid="open-in-window-confirm"
          >
            {t('window.open')}
          </Button>
        </>
      }
    >
      <p className="text-muted small">{modified ? t('window.introModified') : t('window.intro')}</p>
      {displays === null && !error && (
        <p className="small" role="status">
          <span className="spinner" aria-hidden="true" /> {t('window.looking')}
        </p>
      )}
      {displays && displays.length > 0 && (
        <>
          <DisplayMap displays={displays} chosen={chosen} onChoose={setChosen} />
          <fieldset className="display-choices">
            <legend className="field-label">{t('window.display')}</legend>
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
                  {d.primary && <span className="badge display-primary">{t('window.primary')}</span>}
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}
      {displays && displays.length === 0 && <p className="text-warn small">{t('window.none')}</p>}
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
          // Physical: a map of the screens as they stand, whatever the reading direction.
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
