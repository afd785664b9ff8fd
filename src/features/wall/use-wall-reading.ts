import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import type { TileState, WallEngine } from '../../lib/wall-engine';
import { useTourStore } from './tour-store';
import { useWallEngine } from './use-wall-engine';
import { computeWallFigures, formatBitrate, type WallFigures } from './wall-figures';
import { selectSettings, useCoreMirror } from '../../session/core-mirror';

/** How often the wall's figures are read (the engine reads its tiles once a second too). */
const FIGURES_MS = 1_000;

export interface WallReading {
  health: Record<TileState, number>;
  /** Tiles waiting out a backoff: what "↻ Retry" retries. */
  waiting: number;
  figures: WallFigures;
}

/**
 * One reading of the wall a second, shared by the toolbar's counts and the status bar, so the two
 * never disagree; readers re-render only when something they show changed.
 */
class WallReadings {
  private value: WallReading;
  private key: string;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly engine: WallEngine) {
    this.value = this.read();
    this.key = keyOf(this.value);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.timer === null) {
      this.refresh();
      this.timer = setInterval(() => this.refresh(), FIGURES_MS);
      // The warning and the overview words are built here: worded again at once in a new language,
      // not up to a second later (the bar showed the old language's warning beside the new one's).
      i18next.on('languageChanged', this.refresh);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer !== null) {
        clearInterval(this.timer);
        this.timer = null;
        i18next.off('languageChanged', this.refresh);
      }
    };
  };

  snapshot = (): WallReading => this.value;

  private readonly refresh = (): void => {
    const next = this.read();
    const key = keyOf(next);
    if (key === this.key) return;
    this.key = key;
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  };

  private read(): WallReading {
    const health = this.engine.health();
    return {
      health,
      waiting: this.engine.waitingToRetry(),
      figures: computeWallFigures({
        health,
        tiles: this.engine.tileFigures(),
        budget: this.engine.budgetStatus(),
        sustainedPixelRate: selectSettings(useCoreMirror.getState()).sustainedPixelRate ?? null,
        cores: typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency,
        behind: this.engine.behindLive(),
        tourRunning: useTourStore.getState().running !== null,
      }),
    };
  }
}

/** What is shown, rounded as shown: a change below it does not re-render anything. */
function keyOf(r: WallReading): string {
  const f = r.figures;
  return JSON.stringify([
    r.health,
    r.waiting,
    f.behind,
    // As the bar writes it (to 1 kbit/s below 1 Mbit/s): a coarser key kept a figure it no longer had.
    formatBitrate(f.bitrateKbps),
    Math.round(f.pixelRate / 1e6),
    Math.round(f.fullPixelRate / 1e6),
    f.capacity,
    f.capacitySource,
    f.level,
    f.warning,
    f.degraded,
    f.byReason,
    f.degradedWhy,
    f.budgetOn,
    f.suggestion,
  ]);
}

const readings = new WeakMap<WallEngine, WallReadings>();

/** The wall's reading (counts by state, bitrate, decoded pixels, the budget), fresh each second. */
export function useWallReading(): WallReading {
  const engine = useWallEngine();
  let source = readings.get(engine);
  if (!source) {
    source = new WallReadings(engine);
    readings.set(engine, source);
  }
  return useSyncExternalStore(source.subscribe, source.snapshot);
}
