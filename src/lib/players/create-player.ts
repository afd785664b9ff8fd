import { HlsPlayer } from './hls-player';
import { MpegtsPlayer } from './mpegts-player';
import { MseFmp4Player } from './mse-fmp4-player';
import { NativePlayer } from './native-player';
import type { Player, PlayerOptions, PlayerSource } from './player';
import { WebRtcPlayer } from './webrtc-player';
import { canPlayWithWebCodecs, WebCodecsFlvPlayer } from './webcodecs-flv-player';

/**
 * A muted FLV tile decodes with WebCodecs where the runtime can (webcodecs-flv-player.ts: pictures
 * 0.13–0.17 s behind the camera where mpegts.js on MSE keeps 0.3; docs/benchmarks.md "WebCodecs
 * tiles"); the audible tile and worker mode stay on mpegts.js, which plays the sound in step with the
 * element's clock, and so does every tile with `flvDecoder: 'mse'`.
 */
function decodesWithWebCodecs(options: PlayerOptions): boolean {
  return (
    (options.flvDecoder ?? 'webcodecs') === 'webcodecs' &&
    !options.audio &&
    !(options.worker ?? false) &&
    canPlayWithWebCodecs()
  );
}

/**
 * The player for a source's transport. Never throws: a failure to play is reported as the player's
 * `error`. FLV on a muted tile decodes with WebCodecs where the runtime can; HTTP fMP4 goes through MSE where it exists (exact drop detection and live edge) and falls
 * back to the plain element where it does not.
 */
export function createPlayer(source: PlayerSource, options: PlayerOptions = {}): Player {
  switch (source.transport) {
    case 'ws-flv':
    case 'flv':
      return decodesWithWebCodecs(options)
        ? new WebCodecsFlvPlayer(source, options)
        : new MpegtsPlayer(source, options);
    case 'ws-ts':
    case 'ts':
      return new MpegtsPlayer(source, options);
    case 'hls':
      return new HlsPlayer(source, options);
    case 'fmp4':
      return typeof MediaSource === 'undefined' || options.nativeFmp4
        ? new NativePlayer(source, options)
        : new MseFmp4Player(source, options);
    case 'ws-fmp4':
      return new MseFmp4Player(source, options);
    case 'webrtc':
      return new WebRtcPlayer(source, options);
  }
}
