/**
 * Players: one `Player` interface over mpegts.js, hls.js and the native `<video>` element.
 *
 * A player plays one URL on one `<video>` once. It never recovers in place: on its `error` event
 * the owner destroys it and creates a new one (src/lib/wall-engine's TileSupervisor does exactly
 * that; use it rather than driving players by hand in the wall).
 *
 *   const player = createPlayer({ url, transport: 'ws-flv', tls: false });
 *   const off = player.on('error', (e) => { player.destroy(); ...make a new one later... });
 *   player.on('first-frame', ({ at }) => ...);
 *   player.attach(video);
 *   player.start();
 *   player.stats();   // { fps, droppedFrames, bitrateKbps, latencySeconds, liveness, audio, width, height, codec, ... }
 *   player.catchUp?.(); // jump to the newest buffered picture (false: reconnect instead)
 *
 * Sound: only the audible tile asks for it, with `createPlayer(source, { audio: true })` (a new player:
 * the option is read once). Every other player leaves audio out before demux/remux (mpegts.js
 * `hasAudio: false` and the FLV/TS filters, a video-only fMP4 init segment, no WebRTC audio
 * transceiver), so a G.711 or silent AAC track never costs or breaks the picture.
 *   player.destroy(); // stops the network, detaches from the element, drops listeners
 *
 * Transport → library: ws-flv/flv/ws-ts/ts → mpegts.js (MSE); hls → hls.js (MSE); fmp4 and ws-fmp4 →
 * our own fMP4-to-MSE appender (streaming fetch / WebSocket), or the plain `<video src>` where there is
 * no MSE (or with `nativeFmp4: true`); webrtc → the browser's RTCPeerConnection, negotiated over WHEP or
 * ZLMediaKit's API (webrtc-negotiation.ts). All stay near the live edge and trim
 * their back buffer (~10 s), so latency and memory stay flat over days. mpegts.js runs without a
 * worker by default (memory per tile; see mpegts-player.ts); URLs are always made absolute.
 *
 * Logging: never print `source.url` (it carries the stream secret); use `redactUrl(url)`.
 */
export type { Player, PlayerAudio, PlayerError, PlayerOptions, PlayerSource, PlayerStats } from './player';
export type { PlaybackTransport } from './transport';
export { createPlayer } from './create-player';
