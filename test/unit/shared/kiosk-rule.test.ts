import { describe, expect, it } from 'vitest';
import { editableNow, unlockedAt } from '../../../electron/shared/kiosk-rule';

describe('the kiosk lock rule', () => {
  const now = 1_000_000;

  it('lets an unlocked kiosk be changed, unlock or not', () => {
    expect(editableNow({ locked: false, unlockedUntil: null }, now)).toBe(true);
    expect(editableNow({ locked: false, unlockedUntil: now - 1 }, now)).toBe(true);
  });

  it('refuses changes on a locked kiosk without a running unlock', () => {
    expect(editableNow({ locked: true, unlockedUntil: null }, now)).toBe(false);
    // An unlock ends at its moment, not a millisecond after (as the core's AdminSession).
    expect(editableNow({ locked: true, unlockedUntil: now }, now)).toBe(false);
    expect(editableNow({ locked: true, unlockedUntil: now - 1 }, now)).toBe(false);
  });

  it('lets a locked kiosk be changed while an administrator’s unlock runs', () => {
    expect(editableNow({ locked: true, unlockedUntil: now + 1 }, now)).toBe(true);
    expect(unlockedAt(now + 1, now)).toBe(true);
    expect(unlockedAt(null, now)).toBe(false);
  });
});
