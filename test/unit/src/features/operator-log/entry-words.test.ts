import { afterAll, describe, expect, it } from 'vitest';
import {
  OperatorEventInputSchema,
  OperatorLogEntrySchema,
  type OperatorEventWords,
} from '../../../../../electron/shared/contract';
import type { Layout, LayoutTile } from '../../../../../electron/shared/layout';
import { entryReasonText } from '../../../../../src/features/operator-log/entry-words';
import {
  changeText,
  changeWords,
  cellText,
  placeWords,
  rateReason,
  rateWords,
  tileEventWords,
  toInput,
} from '../../../../../src/features/wall/operator-log-events';
import { switchReason, switchWords } from '../../../../../src/features/wall/tour-store';
import { startI18n } from '../../../../../src/i18n/start-i18n';
import type { LoadCause } from '../../../../../src/lib/wall-engine/decode-budget';
import { outFor, troubleText } from '../../../../../src/lib/wall-engine/tile-record';
import type { TileSnapshot } from '../../../../../src/lib/wall-engine';

startI18n('en');
afterAll(() => void startI18n('en'));

const view: Layout = {
  id: 'v',
  name: 'Lobby',
  profileId: 'p',
  grid: { columns: 2, rows: 2 },
  tiles: [],
};
const tile = (patch: Partial<LayoutTile> = {}): LayoutTile => ({
  deviceKey: 'cam-1',
  column: 1,
  row: 2,
  ...patch,
});
const snap = (reason: TileSnapshot['reason'], detail: string | null) => ({ reason, detail }) as TileSnapshot;

/** An entry as the core keeps it: through the contract's input and entry schemas, as the log stores it. */
function stored(
  words: OperatorEventWords,
  reason = 'stored English',
): { reason: string; words?: OperatorEventWords } {
  const input = OperatorEventInputSchema.parse(toInput({ at: 1, kind: 'failed', reason, words }));
  const entry = OperatorLogEntrySchema.parse(
    JSON.parse(JSON.stringify({ id: 1, deviceKey: null, deviceName: null, ...input })),
  );
  return { reason: entry.reason ?? '', words: entry.words };
}

describe('the operator log worded from its structured part', () => {
  it('in English, reads exactly as the English reason the engine and the wall store beside it', () => {
    const cases: [OperatorEventWords, string][] = [
      [
        tileEventWords({ kind: 'stale', failure: { reason: 'stalled', detail: 'no new frame for 3 s' } }),
        troubleText(snap('stalled', 'no new frame for 3 s')),
      ],
      [
        tileEventWords({
          kind: 'failed',
          failure: { reason: 'device-offline', detail: 'Device 34020000 offline' },
        }),
        troubleText(snap('device-offline', 'Device 34020000 offline')),
      ],
      [tileEventWords({ kind: 'failed', failure: { reason: null } }), troubleText(snap(null, null))],
      [
        tileEventWords({
          kind: 'failed',
          failure: { reason: 'media-server', detail: 'The media server answered HTTP 502' },
        }),
        troubleText(snap('media-server', 'The media server answered HTTP 502')),
      ],
      [tileEventWords({ kind: 'recovered', outMs: 600 }), `playing again${outFor(600)}`],
      [tileEventWords({ kind: 'recovered', outMs: 12_400 }), `playing again${outFor(12_400)}`],
      [tileEventWords({ kind: 'recovered', outMs: 300_000 }), `playing again${outFor(300_000)}`],
      [tileEventWords({ kind: 'recovered' }), 'playing again'],
      [
        rateWords({ rate: 'overview', reason: 'load', cause: { kind: 'dropped', percent: 12 } }),
        rateReason({ rate: 'overview', reason: 'load', detail: '12 % of frames dropped' }),
      ],
      [
        rateWords({ rate: 'overview', reason: 'pinned' }),
        rateReason({ rate: 'overview', reason: 'pinned', detail: null }),
      ],
      [rateWords({ rate: 'full', reason: null }), rateReason({ rate: 'full', reason: null, detail: null })],
      [placeWords('put-on', tile(), view), `put on ${cellText(tile(), view)}`],
      [
        placeWords('taken-off', tile({ column: undefined }), view),
        `taken off ${cellText(tile({ column: undefined }), view)}`,
      ],
      [placeWords('put-on', tile(), null), 'put on the wall'],
      [
        changeWords({ before: tile({ channelId: '1' }), after: tile({ label: 'Gate North' }) }, view),
        changeText({ before: tile({ channelId: '1' }), after: tile({ label: 'Gate North' }) }, view),
      ],
    ];
    for (const [words, english] of cases) expect(entryReasonText(stored(words), 'en')).toBe(english);
  });

  it('a tour page, its start and its stop read as the tour store words them in English', () => {
    const tour = { id: 't', name: 'Night rounds' } as Parameters<typeof switchReason>[0];
    const pages = [{ name: 'Gates' }, { name: 'Yard' }, { name: 'Lobby' }] as unknown as Parameters<
      typeof switchReason
    >[1];
    expect(entryReasonText(stored(switchWords('tour-page', tour, pages, 1)), 'en')).toBe(
      switchReason(tour, pages, 1),
    );
    expect(entryReasonText(stored(switchWords('tour-started', tour, pages, 0)), 'en')).toBe(
      `${switchReason(tour, pages, 0)}: tour started`,
    );
    expect(entryReasonText(stored({ kind: 'tour-stopped', tour: 'Night rounds', why: 'x' }), 'en')).toBe(
      'Night rounds: tour stopped (x)',
    );
  });

  it('a stored failure reads in Chinese: the headline and the engine’s own detail worded, the platform’s kept', () => {
    const stale = stored(
      tileEventWords({ kind: 'stale', failure: { reason: 'stalled', detail: 'no new frame for 3 s' } }),
      'Video stopped: no new frame for 3 s',
    );
    const zh = entryReasonText(stale, 'zh-CN');
    expect(zh).not.toMatch(/[A-Za-z]/);
    expect(zh).toContain('3');
    expect(zh).toContain('：');
    const platform = entryReasonText(
      stored(
        tileEventWords({
          kind: 'failed',
          failure: { reason: 'device-offline', detail: 'Device 3402 offline' },
        }),
      ),
      'zh-CN',
    );
    expect(platform).toMatch(/^[^A-Za-z]+：Device 3402 offline$/);
  });

  it('a load move, a recovery, a tour page and a placement read in Chinese', () => {
    const cause: LoadCause = { kind: 'dropped', percent: 12 };
    const overview = entryReasonText(stored(rateWords({ rate: 'overview', reason: 'load', cause })), 'zh-CN');
    expect(overview).toContain('12');
    expect(overview).not.toMatch(/[A-Za-z]/);
    expect(entryReasonText(stored(tileEventWords({ kind: 'recovered', outMs: 12_000 })), 'zh-CN')).toMatch(
      /^[^A-Za-z]*12[^A-Za-z]*$/,
    );
    const page = entryReasonText(
      stored({ kind: 'tour-page', tour: 'Night rounds', page: 2, of: 3, view: 'Yard' }),
      'zh-CN',
    );
    expect(page).toContain('Night rounds');
    expect(page).toContain('Yard');
    expect(page.replace(/Night rounds|Yard/g, '')).not.toMatch(/[A-Za-z]/);
    const put = entryReasonText(stored(placeWords('put-on', tile(), view)), 'zh-CN');
    expect(put.replace('Lobby', '')).not.toMatch(/[A-Za-z]/);
  });

  it('follows the app’s language when none is given; an old entry shows its stored text', () => {
    const words = tileEventWords({ kind: 'recovered' });
    startI18n('zh-CN');
    expect(entryReasonText({ reason: 'playing again', words })).not.toBe('playing again');
    expect(entryReasonText({ reason: 'written before words were kept', words: undefined })).toBe(
      'written before words were kept',
    );
    startI18n('en');
    expect(entryReasonText({ reason: 'playing again', words })).toBe('playing again');
  });
});
