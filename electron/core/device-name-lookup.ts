import { canPerform, type CredentialType } from '../shared/domain';
import type { Layout, LayoutTile } from '../shared/layout';
import type { Tour } from '../shared/tour';
import type { CredentialVault, VaultProfile } from './credential-vault';
import { searchDeviceNames, type DeviceLister } from './device-name-search';
import type { EventBus } from './event-bus';
import type { LayoutStore } from './layout-store';
import type { Logger } from './logger';
import type { PlatformClients } from './platform-clients';
import type { SettingsStore } from './settings-store';
import type { TourStore } from './tour-store';

/** The pace and patience of the lookup (tests of the core use the defaults). */
const LOOKUP_TIMING = {
  /** After the core starts: the wall's first streams go first. */
  startDelayMs: 1_500,
  /** After a change of the layouts, tours or profiles: one run for a burst of changes. */
  debounceMs: 500,
  /** Between two requests of one run. */
  requestGapMs: 150,
  /** A key no login found is asked about again after this long (a device added later). */
  notFoundRetryMs: 60 * 60_000,
  /** A login whose request failed (network, timeout, 5xx) waits this long, doubled each time. */
  firstBackoffMs: 60_000,
  maxBackoffMs: 30 * 60_000,
  /** Requests one platform may get in one run. */
  requestsPerRun: 25,
} as const;

/** Where a profile's names are valid: its platform's address without trailing slashes. */
function platformOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

const unnamed = (t: Pick<LayoutTile, 'deviceKey' | 'deviceName'>) => !t.deviceName?.trim();

/** A layout's or a tour's tiles with the names found filled in where they had none; the same object when none was. */
function named<T extends Pick<LayoutTile, 'deviceKey' | 'deviceName'>>(
  tiles: readonly T[] | undefined,
  names: ReadonlyMap<string, string>,
): T[] | undefined {
  if (!tiles || !tiles.some((t) => unnamed(t) && names.has(t.deviceKey))) return undefined;
  return tiles.map((t) =>
    unnamed(t) && names.has(t.deviceKey) ? { ...t, deviceName: names.get(t.deviceKey) } : t,
  );
}

/** The layout with the names it lacked, or undefined when `names` adds none. */
function nameLayout(layout: Layout, names: ReadonlyMap<string, string>): Layout | undefined {
  const tiles = named(layout.tiles, names);
  const parked = named(layout.parked, names);
  if (!tiles && !parked) return undefined;
  return { ...layout, tiles: tiles ?? layout.tiles, ...(parked && { parked }) };
}

/** The tour with the names its devices lacked, or undefined when `names` adds none. */
function nameTour(tour: Tour, names: ReadonlyMap<string, string>): Tour | undefined {
  if (tour.kind !== 'tile') return undefined;
  const devices = named(tour.devices, names);
  return devices && { ...tour, devices };
}

/** Logins listed first: a User's reaches every product of its own, a Project's only the products known. */
const LISTER_ORDER: Record<CredentialType, number> = { user: 0, product: 1, project: 2, device: 3 };

interface LoginState {
  updatedAt: number;
  /** No request before this (a failure's backoff); Infinity: not until the profile changes (refused). */
  until: number;
  backoffMs: number;
}

export interface DeviceNameLookupDeps {
  vault: CredentialVault;
  settings: SettingsStore;
  layouts: LayoutStore;
  tours: TourStore;
  clients: PlatformClients;
  log: Logger;
  now(): number;
  /** Push the documents after names were written (layouts:changed, tours:changed). */
  announce: { layouts(): Promise<void>; tours(): Promise<void> };
  timing?: Partial<typeof LOOKUP_TIMING>;
}

/**
 * Device names for the tiles that have none (a provisioned tile without `deviceName`, a tile of a
 * Device login), looked up on the platform and written into the saved layouts and tours, so a kiosk
 * shows them from its first second next time, offline too.
 *
 * Names are asked for per platform (address): with the logins saved for it that may list devices
 * (spec part 5: User, Product, Project; a Device login may only start its stream), the layouts' own
 * logins first. A User login pages through its products, a Product login its product, a Project
 * login the products known from the others. Bounded (SEARCH_BOUNDS, requestsPerRun), one request at
 * a time, in the background: nothing waits for it. A failure is one log line (no secret: kind and
 * status only) and a backoff for that login; a refusal (401, 403) waits until the profile changes.
 * Names found are also remembered here, so a layout saved again without them (a wall's draft made
 * before they arrived) gets them back without a request (`fill`).
 */
export class DeviceNameLookup {
  private readonly timing: typeof LOOKUP_TIMING;
  /** Per platform: deviceKey -> name. */
  private readonly names = new Map<string, Map<string, string>>();
  /** Per platform: products seen (for Project logins, which cannot list products). */
  private readonly products = new Map<string, Set<string>>();
  /** Per platform and key: when no login found it. */
  private readonly notFound = new Map<string, number>();
  private readonly logins = new Map<string, LoginState>();
  /** Platforms with no login that may list devices, said once. */
  private readonly saidNoLister = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  /** The last search of `namesFor` (they go one at a time). */
  private asking: Promise<void> | undefined;
  private again = false;

  constructor(private readonly deps: DeviceNameLookupDeps) {
    this.timing = { ...LOOKUP_TIMING, ...deps.timing };
  }

  /** Look up once after the start delay, and again after every change of layouts, tours or profiles. */
  start(events: Pick<EventBus, 'on'>): void {
    const soon = () => this.schedule(this.timing.debounceMs);
    events.on('layouts:changed', soon);
    events.on('tours:changed', soon);
    events.on('profiles:changed', soon);
    this.schedule(this.timing.startDelayMs);
  }

  /** A run after `delayMs` (a later call within it moves it); never two at once. */
  schedule(delayMs: number = this.timing.debounceMs): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running) {
        this.again = true;
        return;
      }
      this.running = this.run()
        .catch((e: unknown) => this.deps.log.warn(`device name lookup failed: ${(e as Error).message}`))
        .finally(() => {
          this.running = undefined;
          if (this.again) {
            this.again = false;
            this.schedule();
          }
        });
    }, delayMs);
    // A pending lookup never keeps a process (a test, a shell closing) alive.
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** A layout about to be saved, with the names already known for its tiles that lack one. */
  async fill(layout: Layout): Promise<Layout> {
    const profile = await this.deps.vault.get(layout.profileId);
    const platform = profile && platformOf(profile.baseUrl);
    const names = platform ? this.names.get(platform) : undefined;
    return (names && nameLayout(layout, names)) ?? layout;
  }

  /**
   * Names for the keys of a view this PC shows but has not saved (a room's desired view, resolved
   * with the selected profile): those known, and the rest searched for once with that platform's
   * logins, within the same bounds as a run (after any run under way, one search at a time). Keys
   * not found are left out; a key searched for lately and not found is not asked about again.
   */
  async namesFor(keys: readonly string[]): Promise<ReadonlyMap<string, string>> {
    const ask = async () => {
      const [profiles, { selectedProfileId }] = await Promise.all([
        this.deps.vault.list(),
        this.deps.settings.get(),
      ]);
      this.noticeChanges(profiles);
      const profile = profiles.find((p) => p.id === selectedProfileId);
      const platform = profile && platformOf(profile.baseUrl);
      if (!platform) return new Map<string, string>();
      const known = this.names.get(platform);
      const missing = new Set(keys.filter((k) => !known?.has(k) && !this.recentlyNotFound(platform, k)));
      const listers = this.listersOf(profiles, platform, new Set([profile.id]));
      if (missing.size > 0 && listers.length > 0) await this.ask(platform, listers, missing);
      const names = this.names.get(platform);
      return new Map(
        keys.flatMap((k) => {
          const name = names?.get(k);
          return name === undefined ? [] : [[k, name] as const];
        }),
      );
    };
    // After a run under way, and before the next: two searches at once would ask twice.
    const turn = (this.asking ?? Promise.resolve()).then(async () => {
      await this.running?.catch(() => undefined);
      return ask();
    });
    this.asking = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  /** The logins of a platform that may list devices: the view's own first, then by what they reach. */
  private listersOf(profiles: readonly VaultProfile[], platform: string, owners: ReadonlySet<string>) {
    return profiles
      .filter((p) => platformOf(p.baseUrl) === platform && canPerform(p.credentialType, 'listDevices'))
      .sort(
        (a, b) =>
          Number(owners.has(b.id)) - Number(owners.has(a.id)) ||
          LISTER_ORDER[a.credentialType] - LISTER_ORDER[b.credentialType],
      );
  }

  /** One pass: names from memory first, then the platform for what is still missing. */
  async run(): Promise<void> {
    const { vault, settings, layouts, tours } = this.deps;
    const [profiles, { selectedProfileId }, savedLayouts, savedTours] = await Promise.all([
      vault.list(),
      settings.get(),
      layouts.list(),
      tours.list(),
    ]);
    this.noticeChanges(profiles);
    const byId = new Map(profiles.map((p) => [p.id, p]));
    const profileOf = (id: string | undefined) => byId.get(id ?? '') ?? byId.get(selectedProfileId ?? '');
    const platformOfLayout = new Map<string, string>();
    // What each platform is missing, and which logins own those layouts (asked first).
    const wanted = new Map<string, { keys: Set<string>; owners: Set<string> }>();
    const want = (
      profile: VaultProfile | undefined,
      tiles: readonly Pick<LayoutTile, 'deviceKey' | 'deviceName'>[] = [],
    ) => {
      const platform = profile && platformOf(profile.baseUrl);
      if (!platform) return undefined;
      for (const t of tiles) {
        if (!unnamed(t)) continue;
        const entry = wanted.get(platform) ?? { keys: new Set<string>(), owners: new Set<string>() };
        entry.keys.add(t.deviceKey);
        entry.owners.add(profile.id);
        wanted.set(platform, entry);
      }
      return platform;
    };
    for (const layout of savedLayouts) {
      const platform = want(profileOf(layout.profileId), [...layout.tiles, ...(layout.parked ?? [])]);
      if (platform) platformOfLayout.set(layout.id, platform);
    }
    const tourPlatform = new Map<string, string>();
    for (const tour of savedTours) {
      if (tour.kind !== 'tile') continue;
      const view = savedLayouts.find((l) => l.id === tour.view);
      const platform = want(profileOf(view?.profileId), tour.devices);
      if (platform) tourPlatform.set(tour.id, platform);
    }
    let asked = 0;
    const unnamedKeys = [...wanted.values()].reduce((n, w) => n + w.keys.size, 0);
    for (const [platform, { keys, owners }] of wanted) {
      const known = this.names.get(platform);
      const missing = new Set([...keys].filter((k) => !known?.has(k) && !this.recentlyNotFound(platform, k)));
      if (missing.size === 0) continue;
      const listers = this.listersOf(profiles, platform, owners);
      if (listers.length === 0) {
        if (!this.saidNoLister.has(platform))
          this.deps.log.info(
            `${missing.size} device name(s) not looked up: no saved profile for this platform may list devices`,
          );
        this.saidNoLister.add(platform);
        continue;
      }
      asked += await this.ask(platform, listers, missing);
    }

    if (unnamedKeys) await this.write(platformOfLayout, tourPlatform);
    // For whoever follows the lookup (a test, a support engineer at debug level).
    this.deps.log.debug(`run: ${unnamedKeys} device key(s) without a name, ${asked} request(s)`);
  }

  private recentlyNotFound(platform: string, key: string): boolean {
    const at = this.notFound.get(`${platform} ${key}`);
    return at !== undefined && this.deps.now() - at < this.timing.notFoundRetryMs;
  }

  /**
   * Ask the platform's logins in turn until every key is found, the budget is spent or none may ask;
   * returns the requests made.
   */
  private async ask(platform: string, listers: VaultProfile[], missing: Set<string>): Promise<number> {
    const found = this.names.get(platform) ?? new Map<string, string>();
    this.names.set(platform, found);
    const products = this.products.get(platform) ?? new Set<string>();
    this.products.set(platform, products);
    const budget = { requests: this.timing.requestsPerRun };
    // A login waiting out a passing failure may find the rest later: those keys stay wanted.
    let pending = false;
    for (const profile of listers) {
      if (missing.size === 0 || budget.requests <= 0) break;
      const state = this.loginState(profile);
      if (this.deps.now() < state.until) {
        pending ||= Number.isFinite(state.until);
        continue;
      }
      const productKeys =
        profile.credentialType === 'product'
          ? [profile.keys.productKey ?? ''].filter(Boolean)
          : profile.credentialType === 'project'
            ? [...products]
            : [];
      try {
        const client = await this.listerFor(profile);
        await searchDeviceNames({
          client,
          credentialType: profile.credentialType,
          productKeys,
          wanted: missing,
          found,
          products,
          budget,
          pause: () => new Promise((r) => setTimeout(r, this.timing.requestGapMs)),
        });
        state.backoffMs = 0;
      } catch (e) {
        this.failed(profile, state, e);
        pending ||= Number.isFinite(state.until);
      }
    }
    if (pending && missing.size > 0) this.retryLater();
    // Searched as far as the bounds go: not asked about again for a while (every save would crawl).
    else for (const key of missing) this.notFound.set(`${platform} ${key}`, this.deps.now());
    return this.timing.requestsPerRun - budget.requests;
  }

  /**
   * A client of its own for the lookup: its requests are a background chore, so they do not count
   * towards the platform's health (a banner over the wall) the way the wall's own requests do.
   */
  private async listerFor(profile: VaultProfile): Promise<DeviceLister> {
    return this.deps.clients.build(await this.deps.vault.connectionFor(profile.id));
  }

  private loginState(profile: VaultProfile): LoginState {
    let state = this.logins.get(profile.id);
    if (!state) {
      state = { updatedAt: profile.updatedAt, until: 0, backoffMs: 0 };
      this.logins.set(profile.id, state);
    }
    return state;
  }

  /** A changed or new login (a new secret, address, or a login that may list) is tried again at once, for every key. */
  private noticeChanges(profiles: readonly VaultProfile[]): void {
    for (const profile of profiles) {
      const state = this.logins.get(profile.id);
      if (state?.updatedAt === profile.updatedAt) continue;
      this.logins.delete(profile.id);
      const platform = platformOf(profile.baseUrl);
      if (!platform || !canPerform(profile.credentialType, 'listDevices')) continue;
      for (const key of this.notFound.keys()) if (key.startsWith(`${platform} `)) this.notFound.delete(key);
      this.saidNoLister.delete(platform);
      // Remembered only once asked; a profile seen for the first time counts as new just once.
      this.logins.set(profile.id, { updatedAt: profile.updatedAt, until: 0, backoffMs: 0 });
    }
  }

  private failed(profile: VaultProfile, state: LoginState, e: unknown): void {
    const kind = (e as { kind?: string }).kind ?? 'error';
    const status = (e as { status?: number }).status;
    // A refused login is not asked again until it changes: a wrong secret retried may lock the account.
    if (kind === 'auth' || kind === 'forbidden') state.until = Infinity;
    else {
      state.backoffMs = Math.min(
        this.timing.maxBackoffMs,
        state.backoffMs ? state.backoffMs * 2 : this.timing.firstBackoffMs,
      );
      state.until = this.deps.now() + state.backoffMs;
    }
    this.deps.log.warn(
      `device names not looked up with profile "${profile.id}": ${kind}${status ? ` ${status}` : ''}` +
        (state.until === Infinity ? ' (not asked again until the profile changes)' : ''),
    );
  }

  /** Another run once the nearest backoff is over. */
  private retryLater(): void {
    const now = this.deps.now();
    const waits = [...this.logins.values()]
      .map((s) => s.until - now)
      .filter((ms) => ms > 0 && Number.isFinite(ms));
    if (waits.length) this.schedule(Math.min(...waits) + 50);
  }

  /** Write what was found into the saved layouts and tours (one write each), then push them. */
  private async write(
    platformOfLayout: ReadonlyMap<string, string>,
    tourPlatform: ReadonlyMap<string, string>,
  ): Promise<void> {
    const namesOf = (platform: string | undefined) => (platform ? this.names.get(platform) : undefined);
    const renamed = await this.deps.layouts.fillDeviceNames((layout) => {
      const names = namesOf(platformOfLayout.get(layout.id));
      return names && nameLayout(layout, names);
    });
    if (renamed.length) await this.deps.announce.layouts();

    const tours = (await this.deps.tours.list())
      .map((tour) => {
        const names = namesOf(tourPlatform.get(tour.id));
        return names && nameTour(tour, names);
      })
      .filter((t): t is Tour => t !== undefined);
    if (tours.length) {
      await this.deps.tours.saveMany(tours);
      await this.deps.announce.tours();
    }
    const n = renamed.length + tours.length;
    if (n) this.deps.log.info(`device names written into ${n} view(s) and tour(s)`);
  }
}
