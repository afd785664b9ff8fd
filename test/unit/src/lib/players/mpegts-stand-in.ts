/**
 * A recording stand-in for mpegts.js, for the unit files that run the real loader, keyframe gate and
 * batching on real bytes: mpegts.js is a browser bundle (it reads `self` at import), so the adapter's
 * contract with it is tested against this. Use it with
 * `vi.mock('mpegts.js', () => import('./mpegts-stand-in'))`; `made` holds each player created (its
 * config, and the handlers the adapter registered), newest last.
 */
export interface MadePlayer {
  config: Record<string, unknown>;
  handlers: Map<string, (...a: unknown[]) => void>;
}

export const made: MadePlayer[] = [];

export default {
  Events: {
    ERROR: 'error',
    LOADING_COMPLETE: 'loading_complete',
    MEDIA_INFO: 'media_info',
    STATISTICS_INFO: 'statistics_info',
  },
  LoggingControl: { applyConfig: () => undefined },
  getFeatureList: () => ({ mseLivePlayback: true }),
  createPlayer(_source: unknown, config: Record<string, unknown>) {
    const lib: MadePlayer = { config, handlers: new Map() };
    made.push(lib);
    return {
      on: (event: string, handler: (...a: unknown[]) => void) => lib.handlers.set(event, handler),
      attachMediaElement: () => undefined,
      load: () => undefined,
      play: () => Promise.resolve(),
      destroy: () => undefined,
    };
  },
};
