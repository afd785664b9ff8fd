/**
 * The profile select's choice while the operator moves through it with the keyboard.
 *
 * A native select changes its value on every arrow key, and switching the active profile calls the
 * platform and reloads the catalog and wall: arrowing past three profiles would switch three times.
 * So a choice made with keys stays pending (shown, not applied) until Enter or leaving the select;
 * Escape puts back the active one. A choice made with the mouse (or from the open list) is meant, and
 * applies at once.
 */
export type ChoiceEvent =
  | { type: 'changed'; value: string; byKeys: boolean }
  | { type: 'enter' }
  | { type: 'escape' }
  | { type: 'blur' };

export interface ChoiceStep {
  /** The profile shown but not applied, or null when the select shows the active one. */
  pending: string | null;
  /** The profile to switch to now, if any. */
  commit?: string;
}

export function nextChoice(active: string, pending: string | null, event: ChoiceEvent): ChoiceStep {
  switch (event.type) {
    case 'changed':
      if (event.byKeys) return { pending: event.value === active ? null : event.value };
      return event.value === active ? { pending: null } : { pending: null, commit: event.value };
    case 'enter':
    case 'blur':
      return pending === null || pending === active ? { pending: null } : { pending: null, commit: pending };
    case 'escape':
      return { pending: null };
  }
}
