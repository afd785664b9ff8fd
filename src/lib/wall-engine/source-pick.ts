import type { Result } from '../../../electron/shared/contract';
import type { PlaybackTransport } from '../players/transport';
import type { RuntimeCapabilities } from './capabilities';
import { chooseSource } from './choose-source';
import { classifyPlayback, type StreamCandidate } from './classify';
import type { ConnectionBudget, ConnectionLease } from './connection-budget';
import type { Failure } from './failure';
import type { StartedStream } from './supervisor-deps';
import { exhaustedText, type TransportFallback } from './transport-fallback';
import { describeUnplayable } from './unplayable';

/** What a tile's attempt plays, from the URLs the platform gave: a source, or why none. */
export type SourcePick =
  | { ok: true; candidate: StreamCandidate; lease: ConnectionLease | null }
  | {
      ok: false;
      failure: Failure;
      /** A line for the tile's log (the protocols offered, none playable here); null if none. */
      note: string | null;
    };

export interface PickOptions {
  /** The transports that refused the stream's codec on this tile: left out. */
  fallback: TransportFallback;
  /** The order to try in (the user's, with demoted transports last). */
  order: readonly PlaybackTransport[];
  /** The user's order as configured: how "nothing plays here" is worded. */
  configuredOrder: readonly PlaybackTransport[];
  capabilities: RuntimeCapabilities;
  budget?: ConnectionBudget;
}

/** Classify the platform's URLs and choose the one to play (see chooseSource). */
export function pickSource(playback: StartedStream, options: PickOptions): SourcePick {
  const { playable, unplayable } = classifyPlayback(playback);
  const choice = chooseSource(
    playable.filter((c) => !options.fallback.has(c.transport)),
    { order: options.order, capabilities: options.capabilities, budget: options.budget },
  );
  if (choice.ok) return { ok: true, candidate: choice.candidate, lease: choice.lease };
  if (choice.reason === 'no-playable-url' && options.fallback.size > 0)
    return { ok: false, failure: exhaustedFailure(options.fallback), note: null };
  const note =
    unplayable.length > 0 && playable.length === 0
      ? `no playable URL; offered: ${unplayable.map((u) => u.protocol).join(', ')}`
      : null;
  return {
    ok: false,
    note,
    failure: {
      reason: choice.reason,
      detail:
        choice.reason === 'no-playable-url'
          ? describeUnplayable({ playable, unplayable }, options.configuredOrder)
          : choice.message,
      persistent: true,
      freshUrls: choice.reason === 'no-playable-url',
    },
  };
}

/** The transport the next attempt would take, leaving out those that refused; null if none. */
export function nextTransport(
  playback: StartedStream,
  options: Omit<PickOptions, 'configuredOrder' | 'budget'>,
): PlaybackTransport | null {
  const choice = chooseSource(
    classifyPlayback(playback).playable.filter((c) => !options.fallback.has(c.transport)),
    { order: options.order, capabilities: options.capabilities },
  );
  return choice.ok ? choice.candidate.transport : null;
}

/** Every offered transport refused the stream: say which and why, and wait (UNPLAYABLE_RETRY_MS). */
export function exhaustedFailure(fallback: TransportFallback): Failure {
  return { reason: 'codec-unsupported', detail: exhaustedText(fallback), persistent: true, freshUrls: true };
}

/** streams:start for a tile, settled as a Result (a throwing bridge counts as an internal error). */
export async function requestUrls(
  start: () => Promise<Result<StartedStream>>,
): Promise<Result<StartedStream>> {
  try {
    return await start();
  } catch (error) {
    return {
      ok: false,
      error: { kind: 'internal', message: error instanceof Error ? error.message : String(error) },
    };
  }
}
