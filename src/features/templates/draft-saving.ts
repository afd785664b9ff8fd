import type { DraftArchive } from './draft-storage';
import { isBlankDraft } from './template-draft';
import type { GetFormState, SetFormState } from './template-form-state';

/**
 * The form's saveDraftNow: write the draft of the open profile to the core (or clear it when blank),
 * unless it is what was last saved.
 */
export function createSaveDraftNow(
  set: SetFormState,
  get: GetFormState,
  archive: DraftArchive,
): () => Promise<void> {
  /** Draft writes go one after the other, so an older one never lands after a newer one. */
  let writing: Promise<unknown> = Promise.resolve();
  return function saveDraftNow() {
    const { draft, profileId, openedFor, savedDraft, draftError } = get();
    const blank = isBlankDraft(draft);
    const unchanged = draftError === null && (blank ? savedDraft === null : draft === savedDraft);
    // Nothing taken up yet (or its reading failed) means no work to write, only one to overwrite.
    if (openedFor === undefined || openedFor !== profileId || unchanged) return writing.then(() => undefined);
    const now = Date.now();
    const write = async () => {
      const saved = blank ? await archive.clear(profileId) : await archive.save(profileId, draft, now);
      const current = get();
      if (current.profileId !== profileId) return;
      if (!saved.ok) set({ draftError: saved.message });
      else if (blank) set({ draftError: null, draftSavedAt: null, savedDraft: null });
      else set({ draftError: null, draftSavedAt: now, savedDraft: draft });
    };
    writing = writing.then(write, write);
    return writing.then(() => undefined);
  };
}
