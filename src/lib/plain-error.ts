import type { AppErrorKind } from '../../electron/shared/contract';

/** A failure as an operator reads it. */
export interface PlainError {
  /** What happened: the platform's own words when they are words, else a plain sentence. */
  message: string;
  /** What to do about it, when there is something to do. */
  hint?: string;
  /** The developer-speak it was translated from (for a support ticket), when it was translated. */
  technical?: string;
}

/** What a failure may come as: an AppError, a thrown Error, a player's message, a bare string. */
export type ErrorLike = { kind?: AppErrorKind | string; status?: number; message: string } | Error | string;

/** The browser shell's transport says this when its own service cannot be reached. */
const SERVICE_LOST = /browser shell cannot be reached|browser shell's answer to .* was cut off|wall service/i;
/** What fetch() throws, per browser, when the connection fails before an answer. */
const FETCH_FAILED =
  /^(TypeError: )?(Failed to fetch|fetch failed|Load failed|NetworkError when attempting to fetch resource\.?)$/i;

/** hls.js error details (`networkError: manifestLoadError (…)`), in words. */
const HLS_DETAILS: Record<string, string> = {
  manifestLoadError: 'The stream’s playlist could not be loaded from the media server.',
  manifestLoadTimeOut: 'The media server did not send the stream’s playlist in time.',
  manifestParsingError: 'The stream’s playlist could not be read.',
  manifestIncompatibleCodecsError: 'This stream’s video format cannot be played on this computer.',
  levelLoadError: 'The stream’s playlist could not be refreshed.',
  levelLoadTimeOut: 'The media server did not refresh the stream’s playlist in time.',
  levelEmptyError: 'The stream’s playlist holds no video.',
  fragLoadError: 'A piece of the video could not be loaded from the media server.',
  fragLoadTimeOut: 'A piece of the video did not arrive in time.',
  fragParsingError: 'A piece of the video could not be read.',
  bufferStalledError: 'The video ran out of data to show.',
  bufferAppendError: 'The video data could not be decoded.',
  bufferAddCodecError: 'This stream’s video format cannot be played on this computer.',
  bufferIncompatibleCodecsError: 'This stream’s video format cannot be played on this computer.',
  keyLoadError: 'The stream’s decryption key could not be loaded.',
  internalException: 'The video player failed.',
};

/** mpegts.js error details (`NetworkError: NetworkException (…)`), in words. */
const MPEGTS_DETAILS: Record<string, string> = {
  NetworkException: 'The media server could not be reached.',
  NetworkStatusCodeInvalid: 'The media server refused the stream.',
  NetworkTimeout: 'The media server did not answer in time.',
  NetworkUnrecoverableEarlyEof: 'The media server ended the stream early.',
  MediaMSEError: 'The video data could not be decoded.',
  MediaFormatError: 'The stream’s data is not in the format it claims.',
  MediaFormatUnsupported: 'This stream’s format cannot be played on this computer.',
  MediaCodecUnsupported: 'This stream’s video format cannot be played on this computer.',
};

const PLAYER_TYPES: Record<string, string> = {
  networkerror: 'The stream could not be loaded from the media server.',
  mediaerror: 'The video could not be decoded.',
  muxerror: 'The video could not be decoded.',
  keysystemerror: 'The stream is encrypted in a way this app cannot play.',
  othererror: 'The video player failed.',
};

/** What to do, by kind: the message says what happened, in the platform's or the core's words. */
const HINTS: Partial<Record<string, string>> = {
  auth: 'The platform did not accept this profile’s credentials: check its keys and secret.',
  forbidden: 'These credentials may not do this: ask the platform’s administrator, or use another profile.',
  'not-found': 'The platform does not know what was asked for: check the key or address.',
  server: 'The platform had a problem of its own: it may be busy or down. Try again shortly.',
  timeout: 'The platform did not answer in time: it may be busy, or the network slow.',
  network: 'Check the network between this computer and the platform.',
  'bad-response': 'The platform answered with something this app cannot read: is the base URL right?',
  vault: 'Secrets cannot be stored safely on this computer right now.',
  storage: 'A file of this app could not be read or written: is the disk full or read-only?',
  'not-configured': 'Choose a profile in the top bar, or add one under Profiles….',
  internal: 'This is a fault in the app. Copy the diagnostics (Settings) for a support ticket.',
};

const KIND_BY_STATUS: Record<number, string> = {
  401: 'auth',
  403: 'forbidden',
  404: 'not-found',
  408: 'timeout',
};

/**
 * A technical failure in an operator's words.
 *
 * Developer-speak (fetch's "Failed to fetch", hls.js's `networkError: manifestLoadError`, mpegts.js's
 * `NetworkError: NetworkException`, the browser shell's transport) becomes a plain sentence, keeping the
 * original as `technical`. Anything else is the platform's or the core's own message, which is kept: it
 * is often the best explanation there is (a 409's "A template named … already exists"). A hint by kind
 * (or by HTTP status) says what to do.
 */
export function plainError(error: ErrorLike): PlainError {
  const raw =
    typeof error === 'string' ? error : error instanceof Error ? String(error.message) : error.message;
  const kind =
    typeof error === 'object' && !(error instanceof Error)
      ? (error.kind ?? (error.status !== undefined ? statusKind(error.status) : undefined))
      : undefined;
  const text = raw.trim();

  if (SERVICE_LOST.test(text))
    return {
      message: 'Lost contact with the wall service on this computer.',
      hint: 'It is retried by itself. If it lasts, restart the app.',
      technical: text,
    };
  if (FETCH_FAILED.test(text))
    return {
      message: 'The connection broke before an answer came.',
      hint: 'It is tried again. If it lasts, check the network.',
      technical: text,
    };
  const player = playerWords(text);
  if (player) return { message: player, technical: text };

  const hint = kind ? HINTS[kind] : undefined;
  return { message: text === '' ? 'Something went wrong.' : text, ...(hint && { hint }) };
}

function statusKind(status: number): string | undefined {
  if (KIND_BY_STATUS[status]) return KIND_BY_STATUS[status];
  return status >= 500 ? 'server' : undefined;
}

/** `type: details (reason)` from hls.js or mpegts.js, in words; undefined for anything else. */
function playerWords(text: string): string | undefined {
  const match = /^([A-Za-z]+Error): ([A-Za-z]+)\b/.exec(text);
  if (!match) return undefined;
  const [, type, details] = match;
  return HLS_DETAILS[details] ?? MPEGTS_DETAILS[details] ?? PLAYER_TYPES[type.toLowerCase()];
}
