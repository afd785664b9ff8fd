import { create } from 'zustand';
import type { AppError, AppInfo, Result } from '../../electron/shared/contract';
import type { ProfileSaveInput, ProfileTestResult, ProfileView } from '../../electron/shared/profile';
import { api } from '../lib/bridge';
import { retryCoreMirror, useCoreMirror, whenAnnounced, type CoreMirrorState } from './core-mirror';
import { joinStores } from './joined-store';

export type ProfilesStatus = 'loading' | 'ready' | 'error';

/** The profiles as the core's mirror holds them (read here, never copied). */
interface MirroredProfiles {
  /** 'ready' once app:info and profiles:list have both answered. */
  status: ProfilesStatus;
  /** Why the first load failed. */
  error: AppError | null;
  appInfo: AppInfo | null;
  profiles: ProfileView[];
}

/** What the session keeps about profiles besides the core's documents, and the actions on them. */
export interface ProfileSessionState {
  /** The demo platform is being started (first run, one click). */
  demoStarting: boolean;
  demoError: AppError | null;
  /**
   * The profile that was active before the current one (kept with the data folder, so it survives a
   * reload): "Back to the previous profile" when a switch went wrong. Null when there is none left.
   */
  previousId: string | null;
  /**
   * A profile someone asked to edit ("Edit profile" beside a catalog error): the profiles dialog
   * opens on it, then clears the request.
   */
  editRequest: string | null;
  /** The profile a select() is switching to, until the core's answer has landed (forms wait on it). */
  selectingId: string | null;

  /** Read the remembered previous profile, and read again what the mirror could not (a retry). */
  load(): Promise<void>;
  /** Remember the previous profile whenever the active one changes; returns the unsubscribe. */
  connect(): () => void;
  select(id: string | null): Promise<Result<ProfileView | null>>;
  /** Make the previous profile active again (the current one becomes the previous). */
  selectPrevious(): Promise<Result<ProfileView | null>>;
  /** Ask for the profiles dialog to open on this profile's form (null: the request is taken). */
  requestEdit(id: string | null): void;
  save(input: ProfileSaveInput): Promise<Result<ProfileView>>;
  remove(id: string): Promise<Result<{ removed: boolean }>>;
  /** Try credentials: a draft from the editor, or a saved profile by id. */
  test(input: { draft: ProfileSaveInput } | { id: string }): Promise<Result<ProfileTestResult>>;
  /** Start the embedded demo platform; it creates and selects its profile. */
  startDemo(): Promise<Result<unknown>>;
}

export type ProfilesState = MirroredProfiles & ProfileSessionState;

/** The profile the app works with, if one is selected. */
export function selectActiveProfile(state: Pick<ProfilesState, 'profiles'>): ProfileView | null {
  return state.profiles.find((p) => p.selected) ?? null;
}

/** The previous profile, while it still exists and is not the active one. */
export function selectPreviousProfile(
  state: Pick<ProfilesState, 'profiles' | 'previousId'>,
): ProfileView | null {
  return state.profiles.find((p) => p.id === state.previousId && !p.selected) ?? null;
}

const PREVIOUS_KEY = 'profiles.previous';

const activeIdOf = (profiles: readonly ProfileView[]) => profiles.find((p) => p.selected)?.id ?? null;

/**
 * The session's own state about profiles: which one was active before, a request to edit one, a
 * switch or a demo start under way. The profiles themselves are the mirror's (`useCoreMirror`);
 * actions call the core and return once its profiles:changed has been taken.
 */
export const useProfileSession = create<ProfileSessionState>()((set, get) => ({
  demoStarting: false,
  demoError: null,
  previousId: null,
  editRequest: null,
  selectingId: null,

  async load() {
    retryCoreMirror();
    const previous = await api.ui.get({ key: PREVIOUS_KEY });
    const remembered =
      previous.ok && typeof previous.value.value === 'string' ? previous.value.value : null;
    if (get().previousId === null) set({ previousId: remembered });
  },

  connect() {
    // The active profile as the previous one whenever it changes, whoever changed it (a switch here,
    // the demo start, another window); forgotten when it is removed.
    return useCoreMirror.subscribe((now, before) => {
      // The first fill, or a mirror started afresh (emptied), is no switch.
      if (now.profiles === before.profiles || !now.versions.profiles || !before.versions.profiles) return;
      const was = activeIdOf(before.profiles);
      const active = activeIdOf(now.profiles);
      let previousId = was !== null && active !== was ? was : get().previousId;
      if (previousId !== null && !now.profiles.some((p) => p.id === previousId)) previousId = null;
      if (previousId === get().previousId) return;
      set({ previousId });
      void api.ui.set({ key: PREVIOUS_KEY, value: previousId });
    });
  },

  async select(id) {
    set({ selectingId: id });
    try {
      return await whenAnnounced(['profiles'], () => api.profiles.select({ id }));
    } finally {
      if (get().selectingId === id) set({ selectingId: null });
    }
  },

  async selectPrevious() {
    const previous = selectPreviousProfile({ profiles: useCoreMirror.getState().profiles, ...get() });
    if (!previous)
      return { ok: false, error: { kind: 'not-configured', message: 'There is no previous profile.' } };
    return get().select(previous.id);
  },

  requestEdit: (id) => set({ editRequest: id }),

  save(input) {
    return whenAnnounced(['profiles'], () => api.profiles.save(input));
  },

  remove(id) {
    return whenAnnounced(['profiles'], () => api.profiles.remove({ id }), (r) => r.removed);
  },

  test(input) {
    // A saved profile's test announces profiles only when it kept a new placement: nothing to wait on.
    return api.profiles.test(input);
  },

  async startDemo() {
    if (get().demoStarting) return { ok: false, error: { kind: 'internal', message: 'already starting' } };
    set({ demoStarting: true, demoError: null });
    const result = await whenAnnounced(['profiles'], () => api.demo.start());
    set({ demoStarting: false, demoError: result.ok ? null : result.error });
    return result;
  },
}));

const mirroredProfiles = (m: CoreMirrorState): MirroredProfiles => ({
  status: m.status === 'idle' ? 'loading' : m.status,
  error: m.error,
  appInfo: m.appInfo,
  profiles: m.profiles,
});

/**
 * Connection profiles as the session sees them: the mirror's profiles and app info (views without
 * secrets, kept by profiles:changed) beside the session's own state and actions, read as one store.
 *
 * The session's, not one feature's: the profiles feature edits them, the shell waits on `status`,
 * and the active profile (`selectActiveProfile`) is what the catalog and the templates work for.
 */
export const useProfilesStore = joinStores(
  useCoreMirror,
  useProfileSession,
  (m, session): ProfilesState => ({ ...mirroredProfiles(m), ...session }),
);
