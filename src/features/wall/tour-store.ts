import i18next from 'i18next';
import { create } from 'zustand';
import type { OperatorEventWords } from '../../../electron/shared/contract';
import type { Layout, LayoutTile } from '../../../electron/shared/layout';
import type { Tour, TourDraft } from '../../../electron/shared/tour';
import { api } from '../../lib/bridge';
import { monotonicNow } from '../../lib/monotonic-now';
import { selectLayouts, selectTours, useCoreMirror, whenAnnounced } from '../../session/core-mirror';
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
  running: RunningTour | null;

  /**
   * Follow the mirror's tours (the saved ones are the core's, read from `useCoreMirror`): a running
   * tour removed elsewhere stops, one renamed shows its new name. Returns the unsubscribe.
   */
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

/** The same as a kind and parameters, worded in the operator's language when the log is shown. */
export const switchWords = (
  kind: 'tour-page' | 'tour-started',
  tour: Tour,
  pages: readonly TourPage[],
  page: number,
): OperatorEventWords => ({
  kind,
  tour: tour.name,
  page: page + 1,
  of: pages.length,
  view: pages[page]?.name ?? null,
});

const notify = (message: string, level: 'info' | 'warning' = 'info') =>
  useNoticesStore.getState().notify({ level, message });

/** The saved tours and layouts, as the core's mirror holds them. */
const toursNow = () => selectTours(useCoreMirror.getState());
const layoutsNow = () => selectLayouts(useCoreMirror.getState());

/**
 * Tours (carousels): the one running on the wall with its clock, and the actions on the saved ones
 * (which are the core's, in its mirror). The wall shows
 * the running tour's stage instead of its grid (TourSwitch); the wall's own layout stays as it was
 * and comes back when the tour stops. Any change to the wall's layout (an edit, another layout
 * picked, a device put on the wall) stops the tour: the operator takes the wall back.
 */
export const useTourStore = create<TourState>()((set, get) => ({
  running: null,

  connect() {
    return useCoreMirror.subscribe((m, before) => {
      const tours = m.tours;
      if (!tours || tours === before.tours) return;
      const running = get().running;
      if (!running) return;
      const now = tours.find((t) => t.id === running.tour.id);
      if (!now) get().stop(i18next.t('wall:tourNotice.removed', { name: running.tour.name }));
      // An edit of the running tour applies when it is started again; its name follows at once.
      else if (now.name !== running.tour.name)
        set({ running: { ...running, tour: { ...running.tour, name: now.name } } });
    });
  },

  start(id) {
    startTourWallWatch();
    const tour = toursNow().find((t) => t.id === id);
    if (!tour) return false;
    const pages = tourPages(tour, layoutsNow());
    if (pages.length === 0) {
      notify(
        tour.kind === 'tile' && layoutsNow().some((l) => l.id === tour.view)
          ? i18next.t('wall:tourNotice.noCell', { name: tour.name, column: tour.column, row: tour.row })
          : i18next.t('wall:tourNotice.nothingToShow', { name: tour.name }),
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
          words: switchWords('tour-page', running.tour, running.pages, page),
          ...(shown?.kind === 'tile' ? { deviceKey: shown.tile.deviceKey, deviceName: shown.name } : {}),
        });
      },
    });
    runner = started;
    set({ running: { tour, pages, view: started.view() } });
    recordOperatorEvent({
      kind: 'tour-switch',
      reason: `${switchReason(tour, pages, 0)}: tour started`,
      words: switchWords('tour-started', tour, pages, 0),
    });
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
      words: { kind: 'tour-stopped', tour: running.tour.name, ...(why ? { why } : {}) },
    });
    if (why) notify(i18next.t('wall:tourNotice.stopped', { why }));
  },

  pause: () => runner?.pause(),
  resume: () => runner?.resume(),
  next: () => runner?.next(),
  previous: () => runner?.previous(),
  pageReady: (page) => runner?.pageReady(page),
  countdownMs: () => runner?.view().countdownMs ?? 0,

  async save(draft) {
    // The mirror takes the saved tour from tours:changed; nothing is merged in here.
    const result = await whenAnnounced(['tours'], () => api.tours.save(draft));
    if (!result.ok) return { ok: false, message: result.error.message };
    return { ok: true, tour: result.value };
  },

  async remove(id) {
    const result = await whenAnnounced(
      ['tours'],
      () => api.tours.remove({ id }),
      (r) => r.removed,
    );
    if (!result.ok) return { ok: false, message: result.error.message };
    if (get().running?.tour.id === id) get().stop();
    return { ok: true };
  },
}));

let stopWatch: (() => void) | null = null;

/**
 * Stop a running tour when the operator changes the wall (an edit, another layout, a device put on
 * it): the tour gives the wall back, so what was done shows at once. Once; returns the stop. The
 * composition root calls it; starting a tour starts it otherwise (it only acts while one runs).
 */
function startTourWallWatch(): () => void {
  stopWatch ??= useWallStore.subscribe((s, prev) => {
    if (s.layout === prev.layout || !useTourStore.getState().running) return;
    useTourStore.getState().stop(i18next.t('wall:tourNotice.wallChanged'));
  });
  return () => {
    stopWatch?.();
    stopWatch = null;
  };
}
