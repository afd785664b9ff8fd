import { HlsPlayer } from './hls-player';
import { MpegtsPlayer } from './mpegts-player';
import { MseFmp4Player } from './mse-fmp4-player';
import { NativePlayer } from './native-player';
import type { Player, PlayerOptions, PlayerSource } from './player';
import { WebRtcPlayer } from './webrtc-player';
import { canPlayWithWebCodecs, WebCodecsFlvPlayer } from './webcodecs-flv-player';

/**
 * A muted FLV tile decodes with WebCodecs when asked (`flvDecoder: 'webcodecs'`) and the runtime can
 * (webcodecs-flv-player.ts); the audible tile and worker mode stay on mpegts.js, which plays the sound in
 * step with the element's clock. Not the default yet: at 36 tiles on a 2-core machine one tile fell to
 * 18 fps where mpegts.js kept every tile at 25 (docs/benchmarks.md, "WebCodecs tiles").
 */
function decodesWithWebCodecs(options: PlayerOptions): boolean {
  return (
    options.flvDecoder === 'webcodecs' &&
    !options.audio &&
    !(options.worker ?? false) &&
    canPlayWithWebCodecs()
  );
}

/**
 * The player for a source's transport. Never throws: a failure to play is reported as the player's
 * `error`. FLV on a muted tile decodes with WebCodecs where asked and the runtime can; HTTP fMP4 goes through MSE where it exists (exact drop detection and live edge) and falls
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
