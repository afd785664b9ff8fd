import type { TemplateHistoryEntry } from '../../../electron/shared/contract';
import { api } from '../../lib/bridge';
import { uniqueKeys } from './known-project-keys';
import type { GetFormState, SetFormState } from './template-form-state';

/** The form's list of templates created under its profile: read from the core, and added to as they are made. */
export function createHistoryActions(
  set: SetFormState,
  get: GetFormState,
): { loadHistory(): Promise<void>; recordCreated(entry: TemplateHistoryEntry): void } {
  return {
    async loadHistory() {
      const profileId = get().profileId;
      set({ historyStatus: 'loading', historyError: null });
      const answer = await api.templates.history(profileId === null ? undefined : { profileId });
      if (get().profileId !== profileId) return;
      // Keys of templates created before the keys were remembered are offered too (after those).
      if (answer.ok)
        set((s) => ({
          history: answer.value,
          historyStatus: 'ready',
          knownKeys: uniqueKeys([...s.knownKeys, ...answer.value.map((e) => e.projectKey)]),
        }));
      else set({ historyStatus: 'error', historyError: answer.error.message });
    },

    recordCreated(entry) {
      if (entry.profileId !== get().profileId) return;
      set((s) => ({
        knownKeys: uniqueKeys([...s.knownKeys, entry.projectKey]),
        history: [
          entry,
          ...s.history.filter(
            (e) => !(e.templateId === entry.templateId && e.projectKey === entry.projectKey),
          ),
        ],
      }));
    },
  };
}
