import i18next from 'i18next';
import type { AppErrorKind } from '../../electron/shared/contract';
import enTiles from '../i18n/locales/en/tiles.json';
import { errorWords, platformWords, type CodedError } from './error-words';

/** A failure as an operator reads it. */
export interface PlainError {
  /** What happened: the platform's own words when they are words, else a plain sentence. */
  message: string;
  /** What to do about it, when there is something to do. */
  hint?: string;
  /** The developer-speak it was translated from (for a support ticket), when it was translated. */
  technical?: string;
}

/**
 * What a failure may come as: an AppError (with the code and parameters the core words it by), a
 * thrown Error, a player's message, a bare string.
 */
export type ErrorLike = ({ kind?: AppErrorKind | string; status?: number } & CodedError) | Error | string;

/** The browser shell's transport says this when its own service cannot be reached. */
const SERVICE_LOST = /browser shell cannot be reached|browser shell's answer to .* was cut off|wall service/i;
/** What fetch() throws, per browser, when the connection fails before an answer. */
const FETCH_FAILED =
  /^(TypeError: )?(Failed to fetch|fetch failed|Load failed|NetworkError when attempting to fetch resource\.?)$/i;

/** A message of the `tiles` catalog's `plain` group, worded when the failure is shown. */
type PlainKey =
  | Exclude<keyof typeof enTiles.plain, 'hls' | 'mpegts' | 'hint'>
  | `hls.${keyof typeof enTiles.plain.hls}`
  | `mpegts.${keyof typeof enTiles.plain.mpegts}`;
const say = (key: PlainKey): string => i18next.t(`tiles:plain.${key}`);

/** hls.js error details (`networkError: manifestLoadError (…)`), as catalog keys. */
const HLS_DETAILS: Record<string, PlainKey> = {
  manifestLoadError: 'hls.manifestLoadError',
  manifestLoadTimeOut: 'hls.manifestLoadTimeOut',
  manifestParsingError: 'hls.manifestParsingError',
  manifestIncompatibleCodecsError: 'codecUnsupported',
  levelLoadError: 'hls.levelLoadError',
  levelLoadTimeOut: 'hls.levelLoadTimeOut',
  levelEmptyError: 'hls.levelEmptyError',
  fragLoadError: 'hls.fragLoadError',
  fragLoadTimeOut: 'hls.fragLoadTimeOut',
  fragParsingError: 'hls.fragParsingError',
  bufferStalledError: 'hls.bufferStalledError',
  bufferAppendError: 'notDecoded',
  bufferAddCodecError: 'codecUnsupported',
  bufferIncompatibleCodecsError: 'codecUnsupported',
  keyLoadError: 'hls.keyLoadError',
  internalException: 'playerFailed',
};

/** mpegts.js error details (`NetworkError: NetworkException (…)`), as catalog keys. */
const MPEGTS_DETAILS: Record<string, PlainKey> = {
  NetworkException: 'mpegts.NetworkException',
  NetworkStatusCodeInvalid: 'mpegts.NetworkStatusCodeInvalid',
  NetworkTimeout: 'mpegts.NetworkTimeout',
  NetworkUnrecoverableEarlyEof: 'mpegts.NetworkUnrecoverableEarlyEof',
  MediaMSEError: 'notDecoded',
  MediaFormatError: 'mpegts.MediaFormatError',
  MediaFormatUnsupported: 'mpegts.MediaFormatUnsupported',
  MediaCodecUnsupported: 'codecUnsupported',
};

const PLAYER_TYPES: Record<string, PlainKey> = {
  networkerror: 'networkError',
  mediaerror: 'mediaError',
  muxerror: 'mediaError',
  keysystemerror: 'encrypted',
  othererror: 'playerFailed',
};

/** What to do, by kind (the catalog's `plain.hint`): the message says what happened. */
const HINT_KINDS = new Set(Object.keys(enTiles.plain.hint));
const hintOf = (kind: string): string | undefined =>
  HINT_KINDS.has(kind) ? i18next.t(`tiles:plain.hint.${kind as keyof typeof enTiles.plain.hint}`) : undefined;

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
 * (or by HTTP status) says what to do. A core error with a code is worded in the operator's language
 * from its code and parameters (its English message otherwise); a platform's answer is shown as the
 * platform sent it, marked as the platform's.
 */
export function plainError(error: ErrorLike): PlainError {
  const raw =
    typeof error === 'string' ? error : error instanceof Error ? String(error.message) : error.message;
  const kind =
    typeof error === 'object' && !(error instanceof Error)
      ? (error.kind ?? (error.status !== undefined ? statusKind(error.status) : undefined))
      : undefined;
  const text = raw.trim();

  const coded = typeof error === 'object' && !(error instanceof Error) ? error : undefined;
  const worded = coded && (platformWords(coded) ?? errorWords(coded));
  if (worded) {
    const hint = kind ? hintOf(kind) : undefined;
    return { message: worded, ...(hint && { hint }) };
  }

  if (SERVICE_LOST.test(text))
    return {
      message: say('serviceLost'),
      hint: say('serviceLostHint'),
      technical: text,
    };
  if (FETCH_FAILED.test(text))
    return {
      message: say('fetchFailed'),
      hint: say('fetchFailedHint'),
      technical: text,
    };
  const player = playerWords(text);
  if (player) return { message: player, technical: text };

  const hint = kind ? hintOf(kind) : undefined;
  return { message: text === '' ? say('unknown') : text, ...(hint && { hint }) };
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
  const key = HLS_DETAILS[details] ?? MPEGTS_DETAILS[details] ?? PLAYER_TYPES[type.toLowerCase()];
  return key && say(key);
}
