import { create } from 'zustand';
import type { AppError, AppInfo, Result } from '../../electron/shared/contract';
import type { ProfileSaveInput, ProfileTestResult, ProfileView } from '../../electron/shared/profile';
import { api } from '../lib/bridge';

export type ProfilesStatus = 'loading' | 'ready' | 'error';

export interface ProfilesState {
  /** 'ready' once app:info and profiles:list have both answered. */
  status: ProfilesStatus;
  /** Why the first load failed. */
  error: AppError | null;
  appInfo: AppInfo | null;
  profiles: ProfileView[];
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

  /** Load app:info and the profiles; call again to retry. */
  load(): Promise<void>;
  /** Follow profiles:changed; returns the unsubscribe. */
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

/**
 * Connection profiles as the renderer knows them: views without secrets, kept fresh by the core's
 * profiles:changed event (so a save or select elsewhere, or the demo start, shows at once).
 *
 * The session's, not one feature's: the profiles feature edits them, the shell waits on `status`,
 * and the active profile (`selectActiveProfile`) is what the catalog and the templates work for.
 */
export const useProfilesStore = create<ProfilesState>()((set, get) => {
  /**
   * Take a new list of profiles, remembering the active one as the previous whenever the active
   * profile changes, whoever changed it (a switch here, the demo start, another window).
   */
  const take = (profiles: ProfileView[]) => {
    const was = selectActiveProfile(get())?.id ?? null;
    const now = profiles.find((p) => p.selected)?.id ?? null;
    let previousId = was !== null && now !== was ? was : get().previousId;
    if (previousId !== null && !profiles.some((p) => p.id === previousId)) previousId = null;
    const changed = previousId !== get().previousId;
    set({ profiles, previousId });
    if (changed) void api.ui.set({ key: PREVIOUS_KEY, value: previousId });
  };
  const refresh = async () => {
    const list = await api.profiles.list();
    if (list.ok) take(list.value);
  };

  return {
    status: 'loading',
    error: null,
    appInfo: null,
    profiles: [],
    demoStarting: false,
    demoError: null,
    previousId: null,
    editRequest: null,
    selectingId: null,

    async load() {
      set({ status: 'loading', error: null });
      const [info, list, previous] = await Promise.all([
        api.app.info(),
        api.profiles.list(),
        api.ui.get({ key: PREVIOUS_KEY }),
      ]);
      if (!info.ok || !list.ok) {
        set({ status: 'error', error: !info.ok ? info.error : !list.ok ? list.error : null });
        return;
      }
      const remembered =
        previous.ok && typeof previous.value.value === 'string' ? previous.value.value : null;
      set({
        status: 'ready',
        appInfo: info.value,
        profiles: list.value,
        previousId: list.value.some((p) => p.id === remembered && !p.selected) ? remembered : null,
      });
    },

    connect() {
      return api.on('profiles:changed', ({ profiles }) => take(profiles));
    },

    async select(id) {
      set({ selectingId: id });
      try {
        const result = await api.profiles.select({ id });
        if (result.ok) await refresh();
        return result;
      } finally {
        if (get().selectingId === id) set({ selectingId: null });
      }
    },

    async selectPrevious() {
      const previous = selectPreviousProfile(get());
      if (!previous)
        return { ok: false, error: { kind: 'not-configured', message: 'There is no previous profile.' } };
      return get().select(previous.id);
    },

    requestEdit: (id) => set({ editRequest: id }),

    async save(input) {
      const result = await api.profiles.save(input);
      if (result.ok) await refresh();
      return result;
    },

    async remove(id) {
      const result = await api.profiles.remove({ id });
      if (result.ok) await refresh();
      return result;
    },

    test(input) {
      return api.profiles.test(input);
    },

    async startDemo() {
      if (get().demoStarting) return { ok: false, error: { kind: 'internal', message: 'already starting' } };
      set({ demoStarting: true, demoError: null });
      const result = await api.demo.start();
      if (result.ok) await refresh();
      set({ demoStarting: false, demoError: result.ok ? null : result.error });
      return result;
    },
  };
});
