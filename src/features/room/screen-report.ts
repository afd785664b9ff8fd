import type { Layout } from '../../../electron/shared/layout';
import type { RoomReportInput, RoomReportedTile } from '../../../electron/shared/room';
import { placed } from './wall-door';
import { viewNameOfRoomLayoutName } from './room-view';
import type { TourPage } from './wall-door';
import { stateOfDevice, type EngineTileState } from './engine-tile-states';
import type { ScreenModeState } from './screen-mode';

/** What the wall shows now, as the screen reports it: the running tour's page, else its layout. */
export interface WallShown {
  layout: Layout | null;
  tour: { name: string; page: TourPage | null } | null;
}

/** The layout a tour's page puts on the wall (a cycling tile's device in its cell). */
function pageLayout(page: TourPage): Layout {
  if (page.kind === 'view') return page.layout;
  const { cell, tile } = page;
  const tiles = page.layout.tiles.filter((t) => !(t.column === cell.column && t.row === cell.row));
  return { ...page.layout, tiles: [...tiles, { ...tile, column: cell.column, row: cell.row }] };
}

/** A view's name as the room knows it: a view the room sent is reported by its own name, not "Room: …". */
const shownName = (layout: Layout): string =>
  layout.id.startsWith('room.') ? viewNameOfRoomLayoutName(layout.name) : layout.name;

/** One screen's report: what it applied (or refused), what it shows, and how each tile is. */
export function screenReport(
  screen: string,
  mode: Pick<ScreenModeState, 'rev' | 'rejected'>,
  shown: WallShown,
  states: readonly EngineTileState[],
): RoomReportInput {
  const layout = shown.tour?.page ? pageLayout(shown.tour.page) : shown.layout;
  const tiles: RoomReportedTile[] = layout
    ? placed(layout).map((t) => ({
        column: t.column,
        row: t.row,
        deviceKey: t.deviceKey,
        ...(t.deviceName || t.label ? { deviceName: (t.label || t.deviceName)! } : {}),
        state: stateOfDevice(states, t.deviceKey),
      }))
    : [];
  return {
    screen,
    rev: mode.rev,
    shows: shown.tour
      ? { kind: 'tour', name: shown.tour.name }
      : shown.layout
        ? { kind: 'view', name: shownName(shown.layout), grid: shown.layout.grid }
        : { kind: 'none' },
    tiles,
    rejected: mode.rejected ?? undefined,
  };
}

/** Sends a report when it differs from the last one sent, at most once per `everyMs`. */
export class ReportThrottle {
  private last = '';
  private lastAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private next: RoomReportInput | null = null;

  constructor(
    private readonly send: (report: RoomReportInput) => Promise<unknown>,
    private readonly everyMs = 1_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  offer(report: RoomReportInput): void {
    const key = JSON.stringify(report);
    if (key === this.last && !this.timer) return;
    this.next = report;
    if (this.timer) return;
    const wait = this.lastAt + this.everyMs - this.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Forget what was sent (a reconnected bus wants the report again). */
  reset(): void {
    this.last = '';
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    this.timer = null;
    const report = this.next;
    this.next = null;
    if (!report) return;
    const key = JSON.stringify(report);
    if (key === this.last) return;
    this.last = key;
    this.lastAt = this.now();
    void this.send(report);
  }
}
