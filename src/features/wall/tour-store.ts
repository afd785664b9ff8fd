import { create } from 'zustand';
import type { Layout, LayoutTile } from '../../../electron/shared/layout';
import type { Tour, TourDraft } from '../../../electron/shared/tour';
import { api } from '../../lib/bridge';
import { monotonicNow } from '../../lib/monotonic-now';
import { useNoticesStore } from '../../session/notices-store';
import { recordOperatorEvent } from '../../session/operator-log';
import type { TourView } from './tour-clock';
import { TourRunner } from './tour-runner';
import { tileName } from './tile-name';
import { useWallStore } from './wall-store';

/**
 * One page of a running tour: a saved view on the whole wall, or (a cycling tile) the tour's view
 * with one device in its cycling cell.
 */
export type TourPage =
  | { kind: 'view'; layout: Layout; name: string }
  | { kind: 'tile'; layout: Layout; cell: { column: number; row: number }; tile: LayoutTile; name: string };

export interface RunningTour {
  tour: Tour;
  pages: TourPage[];
  view: TourView;
}

type TourResult = { ok: true; tour: Tour } | { ok: false; message: string };

export interface TourState {
  tours: Tour[];
  loaded: boolean;
  running: RunningTour | null;

  load(): Promise<void>;
  /** Follow tours:changed; returns the unsubscribe. */
  connect(): () => void;
  /** Start a saved tour on the wall (the wall's own layout waits under it, untouched). */
  start(id: string): boolean;
  /** Back to the wall's layout; `why` is said in a notice when the operator did not ask. */
  stop(why?: string): void;
  pause(): void;
  resume(): void;
  next(): void;
  previous(): void;
  /** The stage saw `page`'s tiles showing pictures. */
  pageReady(page: number): void;
  /** Milliseconds to the next switch (read by the countdown, not stored: it changes every frame). */
  countdownMs(): number;
  save(draft: TourDraft): Promise<TourResult>;
  remove(id: string): Promise<{ ok: true } | { ok: false; message: string }>;
}

let runner: TourRunner | null = null;

/** The pages a tour shows with the views saved now; the views that are gone are left out. */
export function tourPages(tour: Tour, layouts: readonly Layout[]): TourPage[] {
  const byId = new Map(layouts.map((l) => [l.id, l]));
  if (tour.kind === 'views')
    return tour.views.flatMap((id) => {
      const layout = byId.get(id);
      return layout ? [{ kind: 'view' as const, layout, name: layout.name }] : [];
    });
  const layout = byId.get(tour.view);
  // A view saved smaller since (or replaced by an import) may no longer have the tour's cell.
  if (!layout || tour.column > layout.grid.columns || tour.row > layout.grid.rows) return [];
  const cell = { column: tour.column, row: tour.row };
  return tour.devices.map((d) => {
    const tile: LayoutTile = {
      deviceKey: d.deviceKey,
      ...(d.sipId ? { sipId: d.sipId } : {}),
      ...(d.channelId ? { channelId: d.channelId } : {}),
      ...(d.deviceName ? { deviceName: d.deviceName } : {}),
    };
    return { kind: 'tile' as const, layout, cell, tile, name: tileName(tile) };
  });
}

/** The operator log's words for a switch: "<tour>: page k of n (<page>)". */
export const switchReason = (tour: Tour, pages: readonly TourPage[], page: number) =>
  `${tour.name}: page ${page + 1} of ${pages.length} (${pages[page]?.name ?? '?'})`;

const notify = (message: string, level: 'info' | 'warning' = 'info') =>
  useNoticesStore.getState().notify({ level, message });

/**
 * Tours (carousels): the saved ones, and the one running on the wall with its clock. The wall shows
 * the running tour's stage instead of its grid (TourSwitch); the wall's own layout stays as it was
 * and comes back when the tour stops. Any change to the wall's layout (an edit, another layout
 * picked, a device put on the wall) stops the tour: the operator takes the wall back.
 */
export const useTourStore = create<TourState>()((set, get) => ({
  tours: [],
  loaded: false,
  running: null,

  async load() {
    const result = await api.tours.list();
    if (result.ok) set({ tours: result.value, loaded: true });
    else set({ loaded: true });
  },

  connect() {
    return api.on('tours:changed', ({ tours }) => {
      set({ tours });
      const running = get().running;
      if (!running) return;
      const now = tours.find((t) => t.id === running.tour.id);
      if (!now) get().stop(`The tour “${running.tour.name}” was removed.`);
      // An edit of the running tour applies when it is started again; its name follows at once.
      else if (now.name !== running.tour.name)
        set({ running: { ...running, tour: { ...running.tour, name: now.name } } });
    });
  },

  start(id) {
    startTourWallWatch();
    const tour = get().tours.find((t) => t.id === id);
    if (!tour) return false;
    const pages = tourPages(tour, useWallStore.getState().layouts);
    if (pages.length === 0) {
      notify(
        tour.kind === 'tile' && useWallStore.getState().layouts.some((l) => l.id === tour.view)
          ? `The tour “${tour.name}” cannot start: its view has no cell at column ${tour.column}, row ${tour.row} any more. Edit the tour and pick a cell.`
          : `The tour “${tour.name}” has nothing to show: its views were removed.`,
        'warning',
      );
      return false;
    }
    // Another tour running gives way (and says so in the log).
    if (get().running) get().stop();
    const started = new TourRunner({
      pages: pages.length,
      dwellMs: tour.dwellSeconds * 1000,
      now: monotonicNow,
      onChange: (view) => {
        const running = get().running;
        if (running && runner === started) set({ running: { ...running, view } });
      },
      onSwitch: (page) => {
        const running = get().running;
        if (!running || runner !== started) return;
        const shown = running.pages[page];
        recordOperatorEvent({
          kind: 'tour-switch',
          reason: switchReason(running.tour, running.pages, page),
          ...(shown?.kind === 'tile' ? { deviceKey: shown.tile.deviceKey, deviceName: shown.name } : {}),
        });
      },
    });
    runner = started;
    set({ running: { tour, pages, view: started.view() } });
    recordOperatorEvent({ kind: 'tour-switch', reason: `${switchReason(tour, pages, 0)}: tour started` });
    return true;
  },

  stop(why) {
    const running = get().running;
    runner?.stop();
    runner = null;
    if (!running) return;
    set({ running: null });
    recordOperatorEvent({
      kind: 'tour-switch',
      reason: `${running.tour.name}: tour stopped${why ? ` (${why})` : ''}`,
    });
    if (why) notify(`Tour stopped: ${why}`);
  },

  pause: () => runner?.pause(),
  resume: () => runner?.resume(),
  next: () => runner?.next(),
  previous: () => runner?.previous(),
  pageReady: (page) => runner?.pageReady(page),
  countdownMs: () => runner?.view().countdownMs ?? 0,

  async save(draft) {
    const result = await api.tours.save(draft);
    if (!result.ok) return { ok: false, message: result.error.message };
    const tours = get().tours.filter((t) => t.id !== result.value.id);
    set({ tours: [...tours, result.value] });
    return { ok: true, tour: result.value };
  },

  async remove(id) {
    const result = await api.tours.remove({ id });
    if (!result.ok) return { ok: false, message: result.error.message };
    if (get().running?.tour.id === id) get().stop();
    set({ tours: get().tours.filter((t) => t.id !== id) });
    return { ok: true };
  },
}));

let stopWatch: (() => void) | null = null;

/**
 * Stop a running tour when the operator changes the wall (an edit, another layout, a device put on
 * it): the tour gives the wall back, so what was done shows at once. Once; returns the stop. The
 * composition root calls it; starting a tour starts it otherwise (it only acts while one runs).
 */
export function startTourWallWatch(): () => void {
  stopWatch ??= useWallStore.subscribe((s, prev) => {
    if (s.layout === prev.layout || !useTourStore.getState().running) return;
    useTourStore.getState().stop('the wall was changed');
  });
  return () => {
    stopWatch?.();
    stopWatch = null;
  };
}
