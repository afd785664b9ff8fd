import { describe, expect, it } from 'vitest';
import {
  namedDetail,
  savedDeviceName,
  behindText,
  downText,
  durationText,
  retryText,
  soundOf,
  staleText,
  stateText,
  statsRows,
  triedText,
} from '../../../../../src/features/wall/tile-format';
import type { TileSnapshot, TileStats } from '../../../../../src/lib/wall-engine';
import { failureDetailText } from '../../../../../src/lib/wall-engine/failure';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The English words, which these tests read (the app starts its language before the first render).
startI18n('en');

const snap = (patch: Partial<TileSnapshot>): TileSnapshot => ({
  state: 'idle',
  reason: null,
  label: null,
  detail: null,
  detailByPlatform: false,
  attempt: 0,
  nextRetryAt: null,
  transport: null,
  tls: false,
  url: null,
  since: 0,
  troubleSince: null,
  firstFrameAt: null,
  lastFrameAt: null,
  ...patch,
});

describe('what a tile says', () => {
  it('names the state, and the reason of a failed tile', () => {
    expect(stateText(snap({ state: 'playing' }))).toBe('Live');
    expect(stateText(snap({ state: 'reconnecting' }))).toBe('Reconnecting…');
    expect(stateText(snap({ state: 'failed', reason: 'device-offline', label: 'Device offline' }))).toBe(
      'Device offline',
    );
    expect(stateText(snap({ state: 'paused-hidden' }))).toBe('Paused while hidden');
  });

  it('never calls a picture behind live "Live", and says when it is catching up', () => {
    expect(stateText(snap({ state: 'playing', behind: true }))).toBe('Behind live');
    expect(stateText(snap({ state: 'starting', restart: 'catch-up' }))).toBe('Catching up with live…');
    expect(stateText(snap({ state: 'starting', restart: 'audio' }))).toBe('Connecting…');
  });

  it('shows the behind-live badge with the figure', () => {
    expect(behindText(3_420, true)).toBe('BEHIND LIVE 3.4 s');
    expect(behindText(25_300, true)).toBe('BEHIND LIVE 25 s');
    expect(behindText(null, true)).toBe('BEHIND LIVE');
    expect(behindText(3_420, false)).toBeNull();
  });

  it('words the audible tile’s sound from its player, else from the element', () => {
    expect(soundOf({ state: 'playing', codec: 'alaw' }, null).text).toBe('sound on');
    expect(soundOf({ state: 'none', codec: null }, true).text).toBe('no sound in this stream');
    expect(soundOf({ state: 'unsupported', codec: 'alaw', reason: 'G.711 cannot be decoded' }, null)).toEqual(
      {
        kind: 'unsupported',
        text: 'sound cannot play here: G.711 cannot be decoded',
      },
    );
    expect(soundOf({ state: 'unsupported', codec: 'g726' }, null).text).toBe(
      'sound cannot play here: g726 is not played here',
    );
    expect(soundOf({ state: 'pending', codec: null }, null)).toEqual({ kind: 'unknown', text: 'sound on' });
    // A player that does not say: the element's decoded audio decides.
    expect(soundOf(undefined, false).text).toBe('no sound in this stream');
    expect(soundOf(undefined, true).kind).toBe('on');
  });

  it('lists the transports that refused the stream, and why', () => {
    expect(triedText(undefined)).toBeNull();
    expect(triedText([])).toBeNull();
    expect(
      triedText([
        { transport: 'ws-flv', why: 'Unsupported audio codec idx: 7' },
        { transport: 'flv', why: 'Unsupported audio codec idx: 7' },
      ]),
    ).toBe('Tried WS-FLV (Unsupported audio codec idx: 7), HTTP-FLV (Unsupported audio codec idx: 7)');
  });

  it('counts down to the next try in whole seconds', () => {
    expect(retryText(null, 1_000)).toBeNull();
    expect(retryText(13_000, 1_000)).toBe('Retrying in 12 s');
    expect(retryText(1_400, 1_000)).toBe('Retrying in 1 s');
    expect(retryText(900, 1_000)).toBe('Retrying now…');
  });

  it('says since when a tile is down and for how long, with the date when it began another day', () => {
    const at = (iso: string) => Date.parse(iso);
    // The engine's clock and the time of day agree here; see the next case for when they do not.
    const down = (since: string, now: string, timeZone = 'UTC') =>
      downText(at(since), at(now), at(now), timeZone);
    expect(downText(null, 0)).toBeNull();
    expect(down('2026-11-24T05:12:30Z', '2026-11-24T05:13:15Z')).toBe('Down since 05:12 · 45 s');
    expect(down('2026-11-24T03:00:00Z', '2026-11-24T05:14:59Z')).toBe('Down since 03:00 · 2 h 14 min');
    expect(down('2026-11-22T22:40:00Z', '2026-11-24T05:00:00Z')).toBe(
      'Down since 2026-11-22 22:40 · 1 d 6 h',
    );
    // The day is the wall's own: 23:30 UTC is already the next day in Tokyo.
    expect(down('2026-11-23T14:30:00Z', '2026-11-23T15:30:00Z', 'Asia/Tokyo')).toBe(
      'Down since 2026-11-23 23:30 · 1 h 0 min',
    );
  });

  it('takes the time of day from the system clock now, so a clock stepped meanwhile changes nothing', () => {
    // Down for 10 minutes on the engine's (monotonic) clock; the system clock was set an hour
    // forward in between, and now reads 06:10.
    const monotonic = 1_000_000;
    expect(downText(monotonic - 600_000, monotonic, Date.parse('2026-11-24T06:10:00Z'), 'UTC')).toBe(
      'Down since 06:00 · 10 min',
    );
  });

  it('writes durations in the largest two units an operator needs', () => {
    expect(durationText(-5)).toBe('0 s');
    expect(durationText(59_999)).toBe('59 s');
    expect(durationText(60_000)).toBe('1 min');
    expect(durationText(3_599_000)).toBe('59 min');
    expect(durationText(3_600_000)).toBe('1 h 0 min');
    expect(durationText(49 * 3_600_000 + 120_000)).toBe('2 d 1 h');
  });

  it('shows the stale badge in whole seconds', () => {
    expect(staleText(null)).toBeNull();
    expect(staleText(12_900)).toBe('STALE 12 s');
  });

  it('formats the stats overlay, with dropped frames as a share of decoded ones', () => {
    const stats: TileStats = {
      state: 'playing',
      transport: 'ws-flv',
      tls: false,
      library: 'mpegts.js',
      fps: 24.96,
      decodedFrames: 1000,
      droppedFrames: 5,
      bitrateKbps: 455.4,
      latencySeconds: 0.312,
      width: 640,
      height: 360,
      codec: 'avc1.42c01e',
      lastFrameAt: 10,
      frameAgeMs: 40,
    };
    // A player that does not measure liveness: the buffer is what waits unshown, and nothing claims live.
    expect(Object.fromEntries(statsRows(stats))).toEqual({
      fps: '25.0',
      dropped: '5 (0.5 %)',
      bitrate: '455 kbit/s',
      'behind live': '–',
      trail: '–',
      queued: '0.31 s',
      resolution: '640×360',
      codec: 'avc1.42c01e',
      transport: 'ws-flv · mpegts.js',
      'last frame': '0.0 s ago',
    });
    expect(
      Object.fromEntries(
        statsRows({
          ...stats,
          fps: null,
          latencySeconds: null,
          bitrateKbps: null,
          frameAgeMs: null,
          tls: true,
        }),
      ),
    ).toMatchObject({
      fps: '–',
      queued: '–',
      bitrate: '–',
      transport: 'ws-flv (TLS) · mpegts.js',
      'last frame': '–',
    });
    // Measured from the stream: behind live = trail + queued.
    expect(
      Object.fromEntries(
        statsRows({ ...stats, liveness: { behindMs: 3_420, trailMs: 3_100, queuedMs: 320 } }),
      ),
    ).toMatchObject({ 'behind live': '3.42 s', trail: '3.10 s', queued: '0.32 s' });
  });
});

describe('namedDetail: failure words with the tile’s name, not its raw key', () => {
  it('“Device dk09… is offline” reads “NVR 1 is offline”', () => {
    expect(namedDetail('Device dk09fj3kq is offline.', 'dk09fj3kq', 'NVR 1')).toBe('NVR 1 is offline.');
    expect(namedDetail('no stream for dk09fj3kq', 'dk09fj3kq', 'NVR 1')).toBe('no stream for NVR 1');
    // A tile with no name but its key says what the platform said.
    expect(namedDetail('Device k is offline.', 'k', 'k')).toBe('Device k is offline.');
  });

  it('a quoted key, and “the key …”, name the tile without calling its name a key', () => {
    expect(namedDetail('Device "dk09fj3kq" is offline.', 'dk09fj3kq', 'Gate North')).toBe(
      'Gate North is offline.',
    );
    expect(namedDetail('No device with the key "dk09fj3kq".', 'dk09fj3kq', 'Gate North')).toBe(
      'No device with the key of Gate North.',
    );
    expect(namedDetail('unknown deviceKey dk09fj3kq', 'dk09fj3kq', 'Gate North')).toBe(
      'unknown key of Gate North',
    );
  });
});

describe('savedDeviceName: a draft tile without a name shows the one its saved view got', () => {
  const layouts = [
    { id: 'lobby', profileId: 'p', tiles: [{ deviceKey: 'a', deviceName: 'Lobby cam' }, { deviceKey: 'b' }] },
    {
      id: 'gate',
      profileId: 'p',
      tiles: [{ deviceKey: 'b' }],
      parked: [{ deviceKey: 'b', deviceName: 'Gate' }],
    },
    { id: 'other', profileId: 'q', tiles: [{ deviceKey: 'c', deviceName: 'Elsewhere' }] },
  ];
  it('the same view first, then a view of the same profile (its parked tiles too); never another profile’s', () => {
    expect(savedDeviceName(layouts, { layoutId: 'lobby', profileId: 'p' }, 'a')).toBe('Lobby cam');
    expect(savedDeviceName(layouts, { layoutId: 'lobby', profileId: 'p' }, 'b')).toBe('Gate');
    expect(savedDeviceName(layouts, { layoutId: 'lobby', profileId: 'p' }, 'c')).toBeUndefined();
    expect(savedDeviceName(layouts, { layoutId: undefined, profileId: 'q' }, 'c')).toBe('Elsewhere');
    expect(savedDeviceName([], { layoutId: 'lobby', profileId: 'p' }, 'a')).toBeUndefined();
  });
});

describe('in Chinese', () => {
  const inChinese = (read: () => unknown) => {
    startI18n('zh-CN');
    try {
      return read();
    } finally {
      startI18n('en');
    }
  };

  it('says since when a tile is down, and for how long, as a Chinese operator reads it', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(
      inChinese(() =>
        downText(at('2026-11-24T05:50:00Z'), at('2026-11-24T08:04:10Z'), at('2026-11-24T08:04:10Z'), 'UTC'),
      ),
    ).toBe('自 05:50 起中断 · 2 小时 14 分钟');
    expect(inChinese(() => retryText(13_000, 1_000))).toBe('12 秒后重试');
    expect(
      inChinese(() => stateText(snap({ state: 'failed', reason: 'network', label: 'Network problem' }))),
    ).toBe('网络问题');
    expect(inChinese(() => behindText(3_420, true))).toBe('延迟 3.4 秒');
    // The English words are back once the language is.
    expect(stateText(snap({ state: 'failed', reason: 'network', label: 'Network problem' }))).toBe(
      'Network problem',
    );
  });

  it('words the player’s faults in Chinese, and never repeats the headline under it', () => {
    // "无法解码视频数据" says no more than the headline "无法解码视频", as in English.
    expect(
      inChinese(() => failureDetailText('media-error', 'MediaError: MediaMSEError (appendBuffer failed)')),
    ).toBeNull();
    expect(inChinese(() => failureDetailText('network', 'NetworkError: NetworkTimeout (x)'))).toBe(
      '媒体服务器未及时应答。',
    );
    // A platform's English words that start with the English headline keep what they add.
    expect(
      inChinese(() =>
        failureDetailText('media-error', 'the video could not be decoded: PIPELINE_ERROR_DECODE'),
      ),
    ).toBe('PIPELINE_ERROR_DECODE');
    expect(inChinese(() => failureDetailText('media-server', 'The media server answered HTTP 502'))).toBe(
      '媒体服务器返回 HTTP 502',
    );
  });
});
