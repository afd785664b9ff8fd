import type { PushFormat } from './viewer';

/** What a media path asks for. */
export type MediaRoute =
  | { kind: 'push'; format: PushFormat; app: string; streamId: string }
  | { kind: 'playlist'; app: string; streamId: string }
  | { kind: 'segment'; app: string; streamId: string; sequence: number };

const PUSH_SUFFIXES: [string, PushFormat][] = [
  ['.live.flv', 'flv'],
  ['.live.ts', 'ts'],
  ['.live.mp4', 'fmp4'],
];

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Parse a ZLMediaKit-style media path:
 * `/<app>/<streamId>.live.flv|.live.ts|.live.mp4`, `/<app>/<streamId>/hls.m3u8`, `/<app>/<streamId>/<n>.ts`.
 * The stream id is percent-decoded after the path is split, so an id may hold any character.
 */
export function parseMediaPath(pathname: string): MediaRoute | undefined {
  const parts = pathname.split('/').slice(1);
  if (parts.length === 2) {
    const [app, file] = parts;
    for (const [suffix, format] of PUSH_SUFFIXES) {
      if (!file.endsWith(suffix) || file.length === suffix.length) continue;
      const streamId = decode(file.slice(0, -suffix.length));
      return streamId === undefined || !app ? undefined : { kind: 'push', format, app, streamId };
    }
    return undefined;
  }
  if (parts.length === 3 && parts[0] && parts[1]) {
    const streamId = decode(parts[1]);
    if (streamId === undefined) return undefined;
    if (parts[2] === 'hls.m3u8') return { kind: 'playlist', app: parts[0], streamId };
    const match = /^(\d{1,15})\.ts$/.exec(parts[2]);
    if (match) return { kind: 'segment', app: parts[0], streamId, sequence: Number(match[1]) };
  }
  return undefined;
}
