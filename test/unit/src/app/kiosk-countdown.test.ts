import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCoreHarness, untilState, type CoreHarness } from '../../../support/core-api-harness';
import { testBridge } from '../../../support/renderer-bridge';

vi.mock('../../../../src/lib/bridge', () => import('../../../support/renderer-bridge'));

const { startCoreMirror, useCoreMirror } = await import('../../../../src/session/core-mirror');
const { pinRetryLeftMs } = await import('../../../../src/app/settings/use-kiosk-status');

const HOUR = 3_600_000;
let h: CoreHarness;
let stop: (() => void) | undefined;

beforeAll(async () => {
  h = await startCoreHarness();
  testBridge.api = h.api;
});
afterAll(() => h.close());
afterEach(() => {
  vi.restoreAllMocks();
  stop?.();
});

describe('the admin PIN countdown', () => {
  it('counts the wait down on the monotonic clock: a step of the system clock changes nothing', async () => {
    await h.core.importProvisioning(
      JSON.stringify({ version: 1, kiosk: { enabled: false, locked: true, adminPin: '2468' } }),
    );
    stop = startCoreMirror(h.api);
    await untilState(useCoreMirror, (s) => s.status === 'ready' && s.kiosk?.pinSet === true);
    // Three wrong PINs are free; the third one starts a 30 s wait, which kiosk:changed brings.
    for (let i = 0; i < 3; i += 1) await h.api.kiosk.unlock({ pin: '0000' });
    await untilState(useCoreMirror, (s) => (s.kiosk?.retryAfterMs ?? 0) > 0);
    const wait = useCoreMirror.getState().kiosk?.retryAfterMs ?? 0;
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    const left = () => pinRetryLeftMs(useCoreMirror.getState());
    const before = left();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThanOrEqual(wait);

    // The system clock stepped back an hour (NTP, an administrator): the wait neither comes back
    // whole nor grows by the step.
    const real = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(real - HOUR);
    const afterBack = left();
    expect(afterBack).toBeGreaterThan(0);
    expect(afterBack).toBeLessThanOrEqual(before);

    // Stepped an hour on: the wait is not over because of it.
    vi.spyOn(Date, 'now').mockReturnValue(real + HOUR);
    const afterOn = left();
    expect(afterOn).toBeGreaterThan(0);
    expect(afterOn).toBeLessThanOrEqual(afterBack);

    // A kiosk:changed arriving while the clock is off still counts from its own arrival.
    await h.api.kiosk.status();
    expect(left()).toBeGreaterThan(0);
    expect(left()).toBeLessThanOrEqual(wait);
  });
});
