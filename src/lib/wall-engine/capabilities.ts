/** What this runtime can play; `chooseSource` skips what it cannot. */
export interface RuntimeCapabilities {
  /** Media Source Extensions (or Apple's ManagedMediaSource). Without it only progressive fMP4 plays. */
  mse: boolean;
  h264: boolean;
  /** H.265 decoding through MSE (Chromium only with a platform decoder). */
  hevc: boolean;
  /** fMP4 over a WebSocket (our own MSE appender, players/mse-fmp4-player.ts; needs MSE and WebSocket). */
  wsFmp4?: boolean;
  /** Plain http:/ws: URLs may be loaded (false on an https page: mixed content is blocked). */
  insecure?: boolean;
  /** WebRTC play (RTCPeerConnection). Left out: assumed present. */
  webrtc?: boolean;
}

/** The codec strings probed: H.264 constrained baseline, and the H.265 Main profile string of the brief. */
const H264_PROBE = 'video/mp4; codecs="avc1.42E01E"';
const HEVC_PROBE = 'video/mp4; codecs="hvc1.1.6.L93.B0"';

type MseLike = { isTypeSupported(type: string): boolean };

/** Probe the page's runtime. Every global is optional so this also answers (all false) outside a browser. */
export function detectCapabilities(
  scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): RuntimeCapabilities {
  const mse = (scope.MediaSource ?? scope.ManagedMediaSource) as MseLike | undefined;
  const supports = (type: string) => {
    try {
      return typeof mse?.isTypeSupported === 'function' && mse.isTypeSupported(type);
    } catch {
      return false;
    }
  };
  const location = scope.location as { protocol?: string } | undefined;
  const hasMse = typeof mse?.isTypeSupported === 'function';
  return {
    mse: hasMse,
    h264: supports(H264_PROBE),
    hevc: supports(HEVC_PROBE),
    wsFmp4: hasMse && typeof scope.WebSocket === 'function',
    insecure: location?.protocol !== 'https:',
    webrtc: typeof scope.RTCPeerConnection === 'function',
  };
}
