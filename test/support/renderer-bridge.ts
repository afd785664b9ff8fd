import type { Api } from '../../electron/shared/contract';

/**
 * A stand-in for the renderer's bridge (src/lib/bridge.ts) in Node: its `api` forwards to whatever
 * Api a test puts in `testBridge.api`, usually a core harness's (core-api-harness.ts). In a test:
 *
 *   vi.mock('…/src/lib/bridge', () => import('…/test/support/renderer-bridge'));
 *   beforeAll(async () => { h = await startCoreHarness(); testBridge.api = h.api; });
 */
export const testBridge: { api: Api } = { api: undefined as unknown as Api };

/** As src/lib/bridge's `api`: read at each use, so a test may swap the Api between cases. */
export const api: Api = new Proxy({} as Api, {
  get: (_target, key) => Reflect.get(testBridge.api, key),
});

/** As src/lib/bridge's startBridge: the Api the test has put in place. */
export function startBridge(): Api {
  return testBridge.api;
}
