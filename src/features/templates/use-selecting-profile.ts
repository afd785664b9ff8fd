import { useProfileSession } from '../../session/profiles-store';

/**
 * The session's "a switch to this profile is under way" (`selectingId`: set by `select()` before it
 * asks the core, cleared once the answer has landed), or null. The form is disabled meanwhile, so no
 * keystroke goes into a draft that is about to be replaced.
 */
export function useSelectingProfileId(): string | null {
  return useProfileSession((s) => s.selectingId);
}
