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

  /** Load app:info and the profiles; call again to retry. */
  load(): Promise<void>;
  /** Follow profiles:changed; returns the unsubscribe. */
  connect(): () => void;
  select(id: string | null): Promise<Result<ProfileView | null>>;
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

/**
 * Connection profiles as the renderer knows them: views without secrets, kept fresh by the core's
 * profiles:changed event (so a save or select elsewhere, or the demo start, shows at once).
 *
 * The session's, not one feature's: the profiles feature edits them, the shell waits on `status`,
 * and the active profile (`selectActiveProfile`) is what the catalog and the templates work for.
 */
export const useProfilesStore = create<ProfilesState>()((set, get) => {
  const refresh = async () => {
    const list = await api.profiles.list();
    if (list.ok) set({ profiles: list.value });
  };

  return {
    status: 'loading',
    error: null,
    appInfo: null,
    profiles: [],
    demoStarting: false,
    demoError: null,

    async load() {
      set({ status: 'loading', error: null });
      const [info, list] = await Promise.all([api.app.info(), api.profiles.list()]);
      if (!info.ok || !list.ok) {
        set({ status: 'error', error: !info.ok ? info.error : !list.ok ? list.error : null });
        return;
      }
      set({ status: 'ready', appInfo: info.value, profiles: list.value });
    },

    connect() {
      return api.on('profiles:changed', ({ profiles }) => set({ profiles }));
    },

    async select(id) {
      const result = await api.profiles.select({ id });
      if (result.ok) await refresh();
      return result;
    },

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
