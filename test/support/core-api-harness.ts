import { startDemoPlatform, type DemoPlatform } from '../../electron/demo-platform/server';
import type { Core } from '../../electron/core/core';
import { buildApi, type Api, type Channel } from '../../electron/shared/contract';
import type { CipherTier } from '../../electron/shared/profile';
import { MemoryStore } from '../fakes/memory-store';
import { TestCipher } from '../fakes/test-cipher';
import { openCore } from './core-harness';

export interface Call {
  channel: Channel;
  input: unknown;
}

export interface CoreHarness {
  /** The Api a renderer would get, carried straight to a real core (no HTTP in between). */
  api: Api;
  core: Core;
  demo: DemoPlatform;
  cipher: TestCipher;
  /** Every call, in order. */
  calls: Call[];
  /**
   * Hold an answer back: called with each call; a promise returned delays that call's answer (which
   * is computed at once) until it settles. For tests of stale answers.
   */
  delay?: (call: Call) => Promise<void> | undefined;
  close(): Promise<void>;
}

/**
 * A real core (memory store, test cipher; made by openCore, as every unit test makes one) over a
 * real demo platform on loopback, behind the same Api the renderer uses: the renderer's stores under
 * test talk to what they talk to in the app. Hand `api` to the mocked bridge (renderer-bridge.ts).
 */
export async function startCoreHarness(options: { tier?: CipherTier } = {}): Promise<CoreHarness> {
  const demo = await startDemoPlatform({ log: () => undefined });
  const cipher = new TestCipher(options.tier ?? 'test');
  const { core } = await openCore({
    cipher,
    store: new MemoryStore(),
    app: { shell: 'web', name: 'Control Room Wall', version: 'test', platform: 'linux' },
    startDemo: async () => ({
      baseUrl: demo.baseUrl,
      credentials: { type: 'user', ...demo.credentials.user },
    }),
  });
  const harness: CoreHarness = {
    core,
    demo,
    cipher,
    calls: [],
    api: undefined as unknown as Api,
    close: () => demo.close(),
  };
  harness.api = buildApi({
    async invoke(channel, input) {
      const call = { channel, input };
      harness.calls.push(call);
      const answer = core.call(channel, input);
      await harness.delay?.(call);
      return answer;
    },
    on: (event, listener) => core.on(event, listener),
  });
  return harness;
}

/** Calls of one channel, for counting requests. */
export function callsOf(harness: CoreHarness, channel: Channel): Call[] {
  return harness.calls.filter((c) => c.channel === channel);
}

/** Resolves with the first state of a (zustand) store that satisfies `predicate`, now or later. */
export function untilState<S>(
  store: { getState(): S; subscribe(listener: (state: S) => void): () => void },
  predicate: (state: S) => boolean,
): Promise<S> {
  return new Promise((resolve) => {
    const now = store.getState();
    if (predicate(now)) return resolve(now);
    const stop = store.subscribe((s) => {
      if (predicate(s)) {
        stop();
        resolve(s);
      }
    });
  });
}
