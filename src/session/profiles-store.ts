import i18next from 'i18next';
import { create } from 'zustand';
import type { AppError, Result } from '../../electron/shared/contract';
import type { ProfileSaveInput, ProfileTestResult, ProfileView } from '../../electron/shared/profile';
import { api } from '../lib/bridge';
import { retryCoreMirror, useCoreMirror, whenAnnounced } from './core-mirror';

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

/** The profiles, as the core's mirror holds them (`useCoreMirror`). */
interface HasProfiles {
  profiles: readonly ProfileView[];
}

/** The profile the app works with, if one is selected. */
export function selectActiveProfile(state: HasProfiles): ProfileView | null {
  return state.profiles.find((p) => p.selected) ?? null;
}

/** The previous profile, while it still exists and is not the active one. */
export function selectPreviousProfile(
  state: HasProfiles & Pick<ProfileSessionState, 'previousId'>,
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
    void retryCoreMirror();
    const previous = await api.ui.get({ key: PREVIOUS_KEY });
    const remembered = previous.ok && typeof previous.value.value === 'string' ? previous.value.value : null;
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
      return {
        ok: false,
        error: { kind: 'not-configured', message: i18next.t('app:session.noPreviousProfile') },
      };
    return get().select(previous.id);
  },

  requestEdit: (id) => set({ editRequest: id }),

  save(input) {
    return whenAnnounced(['profiles'], () => api.profiles.save(input));
  },

  remove(id) {
    return whenAnnounced(
      ['profiles'],
      () => api.profiles.remove({ id }),
      (r) => r.removed,
    );
  },

  test(input) {
    // A saved profile's test announces profiles only when it kept a new placement: nothing to wait on.
    return api.profiles.test(input);
  },

  async startDemo() {
    if (get().demoStarting)
      return {
        ok: false,
        error: { kind: 'internal', message: i18next.t('app:session.demoAlreadyStarting') },
      };
    set({ demoStarting: true, demoError: null });
    const result = await whenAnnounced(['profiles'], () => api.demo.start());
    set({ demoStarting: false, demoError: result.ok ? null : result.error });
    return result;
  },
}));
