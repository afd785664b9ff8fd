/**
 * The wall's playback engine: which URL a tile plays, and keeping it playing without a human.
 * Framework-free; the React wall drives it.
 *
 * ## Use (one engine per page, one supervisor per tile)
 *
 *   import { WallEngine, observeVisibility, FAILURE_LABELS } from '../lib/wall-engine';
 *
 *   const engine = new WallEngine({
 *     order: settings.transportOrder,                        // user setting, e.g. ['ws-flv','flv','hls',...]
 *     hiddenGraceMs: settings.hiddenTileGraceSeconds * 1000,
 *   });
 *
 *   // per tile (e.g. in a useEffect of the tile component):
 *   const tile = engine.createTile({
 *     video,                                                 // the tile's <video> element
 *     startStream: () => api.streams.start({ deviceKey, sipId, channelId }), // Result<StreamPlayback>
 *     label: deviceKey,
 *   });
 *   const unsubscribe = tile.subscribe((s) => setSnapshot(s)); // TileSnapshot, on every transition
 *   const unobserve = observeVisibility(tileElement, (visible) => tile.setVisible(visible));
 *   tile.start();
 *   // cleanup: unobserve(); unsubscribe(); tile.destroy();
 *
 *   // settings changed:   engine.update({ order, hiddenGraceMs });
 *   // stats overlay (poll ~1 s, keep in the tile, not a global store): tile.stats()
 *   //   → { fps, droppedFrames, decodedFrames, bitrateKbps, latencySeconds, width, height, codec,
 *   //       transport, tls, library, frameAgeMs, state }
 *   //   + liveness { trailMs, queuedMs, behindMs } where the player measures it (PlayerStats.liveness)
 *   // stale badge ("STALE 12 s"): tile.staleMs() → ms when no new frame for > 2 s, else null
 *   // behind-live badge: snapshot.behind, tile.liveness() → { behindMs, trailMs, queuedMs, behind }
 *   // the audible tile: tile.setAudio(true) (a new player with audio; every other tile: false)
 *   // operator's retry button on a failed tile: tile.retryNow()
 *   // the page's `online` event: engine.networkRestored() (tiles waiting after a network fault retry now)
 *   // the toolbar's "Retry now": engine.retryAllNow() (every tile waiting out a backoff retries now)
 *   // page teardown: engine.destroy()
 *
 * ## What a TileSnapshot says (put `state` on the tile element as data-state)
 *
 *   state        idle | starting | playing | stalled | reconnecting | failed | paused-hidden
 *   reason       device-offline | forbidden | auth | not-found | codec-unsupported | network |
 *                no-playable-url | media-error | connection-limit | platform-error | stalled   (or null)
 *   label        the headline for the reason (FAILURE_LABELS), e.g. "Device offline"
 *   detail       specifics, e.g. the platform's own message; never a secret
 *   attempt      consecutive failed attempts; nextRetryAt: clock ms of the next try (null while trying)
 *   transport, tls, url (redacted), since, firstFrameAt, lastFrameAt
 *   tried        transports that refused the stream's codec, with why (the next one is tried at once;
 *                the 5-minute wait only once every offered transport refused)
 *   behind       the picture is past the liveness margin (2 s behind the camera): never called live
 *   catchUps, lastCatchUp   times it caught up by itself (jump | reconnect)
 *   restart      audio | catch-up while a planned new player starts (null otherwise)
 *
 * A failed tile keeps retrying (exponential backoff with jitter, 0.5 s doubling to 30 s); the UI shows
 * `label` and a countdown to `nextRetryAt`.
 *
 *   rate             full | overview (keyframes only: one picture per GOP, a fraction of the decode)
 *   degradedReason   load | start-up | pinned (null at full rate): "overview · 1 picture / 2 s"
 *   pictureIntervalMs  in overview, the time between two pictures (the stream's keyframe interval)
 *
 * ## The decode budget (a wall bigger than the machine)
 *
 * The engine reads the page's load every second (LoadMonitor: dropped and unshown frames of the
 * full-rate tiles, frame-callback lateness, long tasks, the backlog (the median tile's pictures falling
 * behind the camera, BacklogMeter), Compute Pressure where Chromium has it) and
 * moves the lowest-priority tiles to overview pictures while the computer is overloaded, bringing
 * them back one at a time when there is room (DecodeBudget: priorities, hysteresis, pins). The
 * maximised and selected tiles always play at full rate; a big wall starts its lowest tiles in
 * overview. WS-FLV and HTTP-FLV tiles can show overview pictures; HLS, MPEG-TS and fMP4 stay at full.
 *
 *   engine.setTileFocus(tileId, { selected, maximised })   // from the wall's selection / maximise
 *   engine.pinRate(tileId, 'full' | 'overview' | null)      // the tile menu's pin (null: automatic)
 *   engine.setDecodeBudget(enabled)                          // the setting (off: only pins apply)
 *   engine.budgetStatus()  // { enabled, load, loadReason, degraded, byReason, reason, capacity }
 *   engine.onRateChange((change) => …)                       // each tile's change, for the operator log
 *   engine.onTileEvent((event) => …)   // a tile went stale, failed or recovered (the operator log)
 *   engine.tileFigures()               // what each playing tile decodes (size, pictures/s, bitrate)
 *   engine.behindLive()                // tiles whose picture is behind live ("3 tiles behind live")
 *   createTile({ id, assignedAt, … })                        // ids for the calls above; when assigned
 *
 * ## Pieces (usable alone)
 *
 * classifyPlayback / classifyUrl: every URL of a streams:start result by its own scheme and path.
 * chooseSource: the user's order × what this runtime plays × the connection budget.
 * ConnectionBudget: long-lived HTTP connections per origin (Chromium allows 6; 1 kept free).
 * StartScheduler: start waves (6 streams opening at once; a slot frees when the stream answers, at
 * first frame, on failure or after 2 s).
 * TileSupervisor: the per-tile state machine; clock, timers and the player factory are injectable.
 * observeVisibility: IntersectionObserver + page visibility → visible/hidden.
 * detectCapabilities: MSE, H.264/H.265 decoding, ws-fmp4, insecure URLs allowed.
 *
 * Transports (the order setting) and what plays them: ws-flv, flv, ws-ts, ts → mpegts.js; hls → hls.js;
 * fmp4, ws-fmp4 → our fMP4-to-MSE appender (fmp4 falls back to a plain <video src> without MSE).
 * Only flv, ts and fmp4 over HTTP hold a connection of the budget; prefer ws-* for big walls.
 */
export {
  WallEngine,
  type BudgetStatus,
  type RateChange,
  type TileEvent,
  type TileFigure,
  type WallEngineOptions,
} from './wall-engine';
export type { DecodeBudgetOptions, LoadLevel } from './decode-budget';
export type { LoadSource } from './load-monitor';
export type { PictureRate } from '../players/keyframe-gate';
export { TileSupervisor, type TileSnapshot, type TileState, type TileStats } from './tile-supervisor';
export { observeVisibility } from './visibility';
export type { TriedTransport } from './transport-fallback';
export { failureDetailText } from './failure';
