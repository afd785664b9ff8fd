import type { Transport } from '../../../electron/shared/settings';

/**
 * Every way the engine can play a stream in a browser.
 *
 * The user's order setting (`Transport` in electron/shared/settings) names the common ones; the engine
 * also knows 'ws-fmp4' (fragmented MP4 over a WebSocket), which only plays where the runtime says so.
 * https and wss are the same transports with `tls: true`. 'webrtc' is WebRTC play (WHEP or ZLMediaKit's
 * API) from an http(s) signalling URL.
 */
export type PlaybackTransport = Transport | 'ws-fmp4';

/**
 * What plays a stream: a library, the plain element, our own fMP4-to-MSE appender, our own WebCodecs
 * decoding (muted FLV tiles), or the browser's WebRTC.
 */
export type PlayerLibrary = 'mpegts.js' | 'webcodecs' | 'hls.js' | 'native' | 'mse-fmp4' | 'webrtc';

/** What createPlayer uses for a transport where MSE exists (without MSE, fmp4 plays on 'native'). */
export function libraryFor(transport: PlaybackTransport): PlayerLibrary {
  switch (transport) {
    case 'ws-flv':
    case 'flv':
    case 'ws-ts':
    case 'ts':
      return 'mpegts.js';
    case 'hls':
      return 'hls.js';
    case 'fmp4':
    case 'ws-fmp4':
      return 'mse-fmp4';
    case 'webrtc':
      return 'webrtc';
  }
}

/**
 * Whether playing this transport holds one HTTP/1.1 connection open for as long as it plays.
 *
 * Chromium allows 6 such connections per host and port; HLS makes short requests, WebSockets have
 * their own, much larger pool, and WebRTC makes one short request (its offer) and then receives over UDP,
 * so only the progressive HTTP transports count against the budget.
 */
export function holdsHttpConnection(transport: PlaybackTransport): boolean {
  return transport === 'flv' || transport === 'ts' || transport === 'fmp4';
}

/**
 * Whether the transport needs Media Source Extensions (everything but progressive fMP4 on `<video src>`
 * and WebRTC, which the browser decodes itself).
 */
export function needsMse(transport: PlaybackTransport): boolean {
  return transport !== 'fmp4' && transport !== 'webrtc';
}
