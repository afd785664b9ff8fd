import { create } from 'zustand';
import type {
  Api,
  AppError,
  AppInfo,
  KioskStatus,
  PlatformStatus,
  Result,
} from '../../electron/shared/contract';
import type { Layout } from '../../electron/shared/layout';
import type { ProfileView } from '../../electron/shared/profile';
import { DEFAULT_SETTINGS, type Settings } from '../../electron/shared/settings';
import type { Tour } from '../../electron/shared/tour';

/** The core's documents the renderer mirrors, each named as the mirror keeps it. */
export type MirroredDocument =
  'appInfo' | 'profiles' | 'settings' | 'layouts' | 'tours' | 'kiosk' | 'platform';

export interface CoreMirrorState {
  /** 'ready' once app:info and profiles:list have both answered (what the shell waits on). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why app:info or profiles:list could not be read. */
  error: AppError | null;
  /** Why each document could not be read, if it could not. */
  errors: Partial<Record<MirroredDocument, AppError>>;
  appInfo: AppInfo | null;
  profiles: ProfileView[];
  /** Null until read. */
  settings: Settings | null;
  layouts: Layout[] | null;
  tours: Tour[] | null;
  kiosk: KioskStatus | null;
  /**
   * When the kiosk status arrived, on the monotonic clock (`kioskClock`): its retryAfterMs counts from
   * here, so a step of the system clock (NTP, an administrator) neither stretches nor ends the wait.
   */
  kioskReceivedAt: number;
  platform: PlatformStatus | null;
  /** How many times each document has been taken (read or pushed): actions wait on it. */
  versions: Record<MirroredDocument, number>;
}

const NO_VERSIONS: Record<MirroredDocument, number> = {
  appInfo: 0,
  profiles: 0,
  settings: 0,
  layouts: 0,
  tours: 0,
  kiosk: 0,
  platform: 0,
};

const EMPTY: CoreMirrorState = {
  status: 'idle',
  error: null,
  errors: {},
  appInfo: null,
  profiles: [],
  settings: null,
  layouts: null,
  tours: null,
  kiosk: null,
  kioskReceivedAt: 0,
  platform: null,
  versions: NO_VERSIONS,
};

/**
 * The renderer's one mirror of the core's documents: profiles (views, no secret), settings,
 * layouts (the saved views), tours, the kiosk lock and the platform's status, with app:info.
 *
 * It holds data only: started by the composition root (`startCoreMirror`), filled once, then kept
 * current by the core's push events alone. Actions call the core and let the event bring the
 * result (`whenAnnounced`); nothing merges a result in by hand or reads a document again.
 * Features select from it (with `useShallow` for several fields).
 */
export const useCoreMirror = create<CoreMirrorState>()(() => EMPTY);

/**
 * The clock the kiosk status's waits are counted on: monotonic (ms since the page began), never
 * stepped with the system clock. Only differences of its readings mean anything.
 */
export function kioskClock(): number {
  return globalThis.performance.now();
}

/** The running mirror: how to fill what is still missing, and whether it is running. */
let running: { retry(): Promise<void> } | null = null;

/** Waits for documents to be taken again (see whenAnnounced); released when the mirror stops. */
const waiting = new Set<() => void>();

/**
 * How long an action waits for the event its call announces before it returns anyway. The core
 * emits before it answers, so this bound is only met when a push was lost (a dropped event stream).
 */
const ANNOUNCE_BOUND_MS = 5_000;

/**
 * Fill the mirror once from the core and follow its push events; returns the function that stops
 * following (and lets a later start fill it afresh). Called by the composition root, never at import.
 *
 * Each listener is in place before its read is sent, and a read answered after an event of the same
 * document is dropped: an event is always at least as new as an answer sent before it.
 */
export function startCoreMirror(api: Api): () => void {
  let live = true;
  const pushed = new Set<MirroredDocument>();
  const set = useCoreMirror.setState;
  const bump = (s: CoreMirrorState, ...docs: MirroredDocument[]) => {
    const versions = { ...s.versions };
    for (const doc of docs) versions[doc] += 1;
    return versions;
  };
  const take = (doc: MirroredDocument, patch: Partial<CoreMirrorState>, fromEvent: boolean) => {
    if (!live) return;
    if (fromEvent) pushed.add(doc);
    else if (pushed.has(doc)) return;
    set((s) => {
      const { [doc]: _gone, ...errors } = s.errors;
      return { ...patch, errors, versions: bump(s, doc) };
    });
  };
  const failed = (doc: MirroredDocument, error: AppError) => {
    if (live) set((s) => ({ errors: { ...s.errors, [doc]: error } }));
  };

  const offs = [
    api.on('profiles:changed', ({ profiles }) => take('profiles', { profiles }, true)),
    api.on('settings:changed', ({ settings }) => take('settings', { settings }, true)),
    api.on('layouts:changed', ({ layouts }) => take('layouts', { layouts }, true)),
    api.on('tours:changed', ({ tours }) => take('tours', { tours }, true)),
    api.on('kiosk:changed', (kiosk) => take('kiosk', { kiosk, kioskReceivedAt: kioskClock() }, true)),
    api.on('platform:changed', (platform) => take('platform', { platform }, true)),
  ];

  /** One read of a document, unless it has been read already or pushed since. */
  const read = async <T>(
    doc: MirroredDocument,
    call: () => Promise<Result<T>>,
    patch: (value: T) => Partial<CoreMirrorState>,
  ): Promise<boolean> => {
    const state = useCoreMirror.getState();
    if (state.versions[doc] > 0 && !state.errors[doc]) return true;
    const result = await call();
    if (result.ok) take(doc, patch(result.value), false);
    else failed(doc, result.error);
    return result.ok;
  };

  const fillOnce = async () => {
    // A retry of a document that failed beside a ready mirror leaves the shell on screen.
    if (useCoreMirror.getState().status !== 'ready') set({ status: 'loading', error: null });
    const [info, profiles] = await Promise.all([
      read(
        'appInfo',
        () => api.app.info(),
        (appInfo) => ({ appInfo }),
      ),
      read(
        'profiles',
        () => api.profiles.list(),
        (profiles) => ({ profiles }),
      ),
      read(
        'settings',
        () => api.settings.get(),
        (settings) => ({ settings }),
      ),
      read(
        'layouts',
        () => api.layouts.list(),
        (layouts) => ({ layouts }),
      ),
      read(
        'tours',
        () => api.tours.list(),
        (tours) => ({ tours }),
      ),
      read(
        'kiosk',
        () => api.kiosk.status(),
        (kiosk) => ({ kiosk, kioskReceivedAt: kioskClock() }),
      ),
      read(
        'platform',
        () => api.platform.status(),
        (platform) => ({ platform }),
      ),
    ]);
    if (!live) return;
    const { errors } = useCoreMirror.getState();
    if (info && profiles) set({ status: 'ready', error: null });
    else set({ status: 'error', error: errors.appInfo ?? errors.profiles ?? null });
  };
  // One fill at a time: a retry asked while one runs is that one.
  let filling: Promise<void> | null = null;
  const fill = () => {
    filling ??= fillOnce().finally(() => {
      filling = null;
    });
    return filling;
  };

  set({ ...EMPTY, versions: { ...NO_VERSIONS } });
  const self = { retry: () => fill() };
  running = self;
  void fill();

  return () => {
    live = false;
    for (const off of offs) off();
    if (running === self) running = null;
    for (const release of [...waiting]) release();
  };
}

/**
 * Read again what could not be read (a failed first fill, a document that failed); what was read
 * stays, and a fill still running is not doubled. Resolves when that fill is over (at once when the
 * mirror is not running).
 */
export function retryCoreMirror(): Promise<void> {
  return running?.retry() ?? Promise.resolve();
}

/**
 * Call the core and return once the mirror holds what the call changed: the documents it announces
 * (the core emits their events before it answers) have been taken. A failed call, or an answer that
 * says nothing changed (`announced`), returns at once. The result is returned as the core gave it;
 * nothing is merged from it.
 */
export async function whenAnnounced<T>(
  docs: readonly MirroredDocument[],
  call: () => Promise<Result<T>>,
  announced: (value: T) => boolean = () => true,
): Promise<Result<T>> {
  if (!running) return call();
  const from = useCoreMirror.getState().versions;
  let release = () => {};
  const landed = new Promise<void>((resolve) => {
    const check = (s: CoreMirrorState) => docs.every((d) => s.versions[d] > from[d]);
    const unsubscribe = useCoreMirror.subscribe((s) => {
      if (check(s)) release();
    });
    const bound = setTimeout(() => release(), ANNOUNCE_BOUND_MS);
    release = () => {
      clearTimeout(bound);
      unsubscribe();
      waiting.delete(release);
      resolve();
    };
    waiting.add(release);
  });
  const result = await call();
  if (!result.ok || !announced(result.value)) {
    release();
    return result;
  }
  await landed;
  return result;
}

/**
 * The kiosk lock as the mirror knows it, for `editableNow`: locked as the settings say (settings:changed
 * is announced whenever they change; kiosk:changed only when the PIN or the unlock does), with the
 * administrator's unlock from the kiosk status.
 */
export function selectKioskLock(s: Pick<CoreMirrorState, 'settings' | 'kiosk'>): {
  locked: boolean;
  unlockedUntil: number | null;
} {
  return {
    locked: s.settings?.kiosk.locked ?? s.kiosk?.locked ?? false,
    unlockedUntil: s.kiosk?.unlockedUntil ?? null,
  };
}

const NO_LAYOUTS: Layout[] = [];
const NO_TOURS: Tour[] = [];

/** The saved layouts (views); none until read. A stable empty list, so a selector does not churn. */
export const selectLayouts = (s: Pick<CoreMirrorState, 'layouts'>): Layout[] => s.layouts ?? NO_LAYOUTS;

/** The saved tours; none until read. */
export const selectTours = (s: Pick<CoreMirrorState, 'tours'>): Tour[] => s.tours ?? NO_TOURS;

/** The settings; the defaults until read (what the core starts with). */
export const selectSettings = (s: Pick<CoreMirrorState, 'settings'>): Settings =>
  s.settings ?? DEFAULT_SETTINGS;

/**
 * Resolves with the mirror's state once `ready` holds for it, now or after a later change (the wall
 * waits for its settings and layouts so). A mirror stopped before then leaves it pending.
 */
export function whenMirror(ready: (s: CoreMirrorState) => boolean): Promise<CoreMirrorState> {
  return new Promise((resolve) => {
    const now = useCoreMirror.getState();
    if (ready(now)) return resolve(now);
    const unsubscribe = useCoreMirror.subscribe((s) => {
      if (!ready(s)) return;
      unsubscribe();
      resolve(s);
    });
  });
}
