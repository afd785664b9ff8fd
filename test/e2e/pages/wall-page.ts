import type { Locator, Page } from 'playwright-core';
import { waitForFramesToAdvance } from '../../support/frames';

/**
 * The wall as a spec sees it: its tiles, toolbar and save state, located once here so a renamed test
 * id or a moved control is one edit, not one per spec. Readiness is read from the attributes the
 * wall exposes for it (`data-state`, `data-layout-id`, `data-save`, `data-remembered`), never a sleep.
 */
export class WallPage {
  constructor(readonly page: Page) {}

  /** The wall itself (its size, `data-layout-id`, `data-remembered`). */
  get root(): Locator {
    return this.page.getByTestId('wall');
  }

  /** One device's tile. */
  tile(deviceKey: string): WallTile {
    return new WallTile(this.page, deviceKey);
  }

  /** Every tile on the wall. */
  get tiles(): Locator {
    return this.page.getByTestId('wall-tile');
  }

  /** The empty cells ("Drop a device here"). */
  get emptyCells(): Locator {
    return this.page.getByTestId('wall-empty-cell');
  }

  /** Every tile's problem overlay now shown. */
  get problems(): Locator {
    return this.page.getByTestId('wall-tile-problem');
  }

  /** Every tile's stats overlay now shown. */
  get statsOverlays(): Locator {
    return this.page.getByTestId('wall-tile-stats');
  }

  /** One figure of every stats overlay shown (`fps`, `transport`, `resolution`, …), in tile order. */
  stat(name: string): Locator {
    return this.page.locator(`[data-stat="${name}"] dd`);
  }

  /** The toolbar's Stats button (the default for every tile). */
  get statsDefault(): Locator {
    return this.page.getByTestId('wall-stats-default');
  }

  /** The toolbar's "Retry now" for every failed tile (there only while a tile waits to reconnect). */
  get retryAll(): Locator {
    return this.page.getByTestId('wall-retry-all');
  }

  /** The toolbar's counts of tiles by state (`data-problems`; a child per state with `data-count`). */
  get health(): Locator {
    return this.page.getByTestId('wall-health');
  }

  /** How many tiles the toolbar counts in a state. */
  healthCount(state: string): Promise<string | null> {
    return this.health.locator(`[data-state="${state}"]`).getAttribute('data-count');
  }

  get toolbar(): Locator {
    return this.page.locator('.wall-toolbar');
  }

  get save(): Locator {
    return this.page.getByTestId('wall-save');
  }

  /** `modified` or `saved`: whether the view on the wall differs from its saved layout. */
  saveState(): Promise<string | null> {
    return this.page.getByTestId('wall-save-status').getAttribute('data-save');
  }

  /** Resolves once the wall has written down how it is left (a reload then comes back to it). */
  async remembered(): Promise<void> {
    await this.page.locator('[data-testid="wall"][data-remembered="true"]').waitFor();
  }
}

/** One tile of the wall, by its device. */
export class WallTile {
  /** The tile's CSS selector, for code run in the page. */
  readonly selector: string;
  readonly root: Locator;
  /** Its `<video>`, by selector, for the frame helpers that take one. */
  readonly videoSelector: string;

  constructor(
    private readonly page: Page,
    readonly deviceKey: string,
  ) {
    this.selector = `[data-testid="wall-tile"][data-device-key="${deviceKey}"]`;
    this.videoSelector = `${this.selector} video`;
    this.root = page.locator(this.selector);
  }

  get video(): Locator {
    return this.page.locator(this.videoSelector);
  }

  /** `playing`, `starting`, `reconnecting`, `stalled`, `failed`, `paused-hidden`, … */
  state(): Promise<string | null> {
    return this.root.getAttribute('data-state');
  }

  /** Resolves with the time (Date.now()) the tile is first seen in one of these states. */
  async until(states: string[], timeout = 20_000): Promise<number> {
    await this.page.waitForFunction(
      ([sel, wanted]) =>
        wanted.includes((document.querySelector(sel) as HTMLElement | null)?.dataset.state ?? ''),
      [this.selector, states] as const,
      { timeout, polling: 50 },
    );
    return Date.now();
  }

  /** Resolves once the tile's video has presented `frames` new pictures. */
  framesAdvance(frames = 20, timeoutMs = 20_000) {
    return waitForFramesToAdvance(this.page, this.videoSelector, { frames, timeoutMs });
  }

  /** The headline of its problem overlay (the reason). */
  get problemTitle(): Locator {
    return this.root.locator('.wall-tile-problem-title');
  }

  get detail(): Locator {
    return this.root.getByTestId('wall-tile-detail');
  }

  /** "Down since 12:00 · 5 s". */
  get down(): Locator {
    return this.root.getByTestId('wall-tile-down');
  }

  /** "Retrying in 4 s · attempt 3". */
  get countdown(): Locator {
    return this.root.getByTestId('wall-tile-countdown');
  }

  /** The countdown's CSS selector, for code run in the page. */
  get countdownSelector(): string {
    return `${this.selector} [data-testid="wall-tile-countdown"]`;
  }

  get retry(): Locator {
    return this.root.getByTestId('wall-tile-retry');
  }

  /** Opens the tile's menu (shown on hover) and resolves once it is there. */
  async openMenu(): Promise<void> {
    await this.root.hover();
    await this.root.getByTestId('wall-tile-menu').click();
    await this.root.getByRole('menu').waitFor();
  }

  /** A menu item, e.g. `wall-tile-snapshot`, `wall-tile-rate-overview`, `wall-tile-sound-toggle`. */
  item(testId: string): Locator {
    return this.root.getByTestId(testId);
  }

  /** The menu's picture fit item: `fit` (letterbox) or `fill` (crop). */
  fit(mode: 'fit' | 'fill'): Locator {
    return this.root.locator(`[data-testid="wall-tile-fit"][data-fit="${mode}"]`);
  }
}
