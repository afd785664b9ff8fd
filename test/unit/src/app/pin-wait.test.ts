import { describe, expect, it } from 'vitest';
import { pinWaitWords, retryDeadline } from '../../../../src/app/settings/pin-wait';

describe('the words under the admin PIN', () => {
  it('says the wait left, not the one the core named when it refused', () => {
    expect(pinWaitWords('Wrong PIN. Try again in 30 s.', 12_400)).toEqual({
      refusal: 'Wrong PIN.',
      wait: 'Try again in 13 s.',
    });
  });

  it('once the wait is over, says nothing of waiting: no "Try again in 30 s" with no new attempt', () => {
    const words = pinWaitWords('Wrong PIN. Try again in 30 s.', 0);
    expect(words).toEqual({ refusal: 'Wrong PIN.', wait: null });
    expect(JSON.stringify(words)).not.toMatch(/try again in/i);
  });

  it('drops the core’s lower-case form too', () => {
    expect(pinWaitWords('Too many wrong PINs: try again in 117 s.', 0)).toEqual({
      refusal: 'Too many wrong PINs.',
      wait: null,
    });
  });

  it('keeps a refusal that names no wait as it is', () => {
    expect(pinWaitWords('No admin PIN is set for this kiosk.', 0).refusal).toBe(
      'No admin PIN is set for this kiosk.',
    );
    expect(pinWaitWords(null, 5_000)).toEqual({ refusal: null, wait: 'Try again in 5 s.' });
  });
});

describe('the deadline of the next PIN', () => {
  it('is fixed when the wait arrives, so the count only goes down', () => {
    const deadline = retryDeadline(60_000, 1_000_000);
    expect(deadline).toBe(1_060_000);
    const left = (now: number) => Math.max(0, deadline - now);
    expect(left(1_002_000)).toBe(58_000);
    expect(left(1_070_000)).toBe(0);
    expect(retryDeadline(0, 1_000_000)).toBe(0);
  });
});
