/**
 * The kiosk lock rule, once for both sides.
 *
 * A locked kiosk refuses every change unless an administrator's unlock (the admin PIN) is still
 * running. The core enforces it on every call; the renderer uses the same rule to show a locked
 * screen as read-only, so the two never disagree about when an unlock has run out.
 */
export interface KioskLockState {
  /** Settings say the kiosk is locked. */
  locked: boolean;
  /** While an administrator's unlock lasts (epoch ms); null when not unlocked. */
  unlockedUntil: number | null;
}

/** Whether an administrator's unlock is still running at `now` (epoch ms). */
export function unlockedAt(unlockedUntil: number | null, now: number): boolean {
  return unlockedUntil !== null && now < unlockedUntil;
}

/** Whether changes are allowed at `now` (epoch ms): not locked, or unlocked by an administrator. */
export function editableNow(state: KioskLockState, now: number): boolean {
  return !state.locked || unlockedAt(state.unlockedUntil, now);
}
