import type { BrowserWindow, PowerSaveBlocker } from 'electron';

/**
 * Keeps the screen on while the wall window is on it: a control-room wall is watched, not touched, and
 * the OS would otherwise blank or lock it after its idle time. A minimised or hidden window lets the
 * display sleep again. Returns a function that releases the blocker.
 */
export function keepDisplayAwake(
  window: BrowserWindow,
  blocker: Pick<PowerSaveBlocker, 'start' | 'stop'>,
): () => void {
  let id: number | null = null;
  const hold = (): void => {
    if (id === null && !window.isDestroyed() && window.isVisible() && !window.isMinimized())
      id = blocker.start('prevent-display-sleep');
  };
  const release = (): void => {
    if (id !== null) blocker.stop(id);
    id = null;
  };
  window.on('show', hold);
  window.on('restore', hold);
  window.on('hide', release);
  window.on('minimize', release);
  const stop = (): void => {
    release();
    window.off('show', hold);
    window.off('restore', hold);
    window.off('hide', release);
    window.off('minimize', release);
  };
  window.once('closed', stop);
  hold();
  return stop;
}
