import { HlsPlayer } from './hls-player';
import { MpegtsPlayer } from './mpegts-player';
import { MseFmp4Player } from './mse-fmp4-player';
import { NativePlayer } from './native-player';
import type { Player, PlayerOptions, PlayerSource } from './player';
import { WebRtcPlayer } from './webrtc-player';

/**
 * The player for a source's transport. Never throws: a failure to play is reported as the player's
 * `error`. HTTP fMP4 goes through MSE where it exists (exact drop detection and live edge) and falls
 * back to the plain element where it does not.
 */
export function createPlayer(source: PlayerSource, options: PlayerOptions = {}): Player {
  switch (source.transport) {
    case 'ws-flv':
    case 'flv':
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
