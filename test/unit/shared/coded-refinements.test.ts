import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  issueProblems,
  StreamPlaybackReadSchema,
  type CodedFieldProblem,
} from '../../../electron/shared/domain';
import { LayoutSchema } from '../../../electron/shared/layout';
import { plainText } from '../../../electron/shared/limits';
import { HttpUrlSchema, ProfileSaveInputSchema } from '../../../electron/shared/profile';
import { ProvisioningFileSchema } from '../../../electron/shared/provisioning';
import { SettingsSchema } from '../../../electron/shared/settings';
import { VIEWS_FORMAT, VIEWS_VERSION, ViewsDocumentSchema } from '../../../electron/shared/views-transfer';
import { startI18n } from '../../../src/i18n/start-i18n';
import { codeWords } from '../../../src/lib/error-words';
import { zhWords } from '../../support/worded';

/**
 * The shared schemas' own refinements (a refused character, a repeated transport, a key a credential
 * type does not have, a tile outside its grid, ...) carry a code and parameters, not only an English
 * sentence: an operator who reads Chinese reads them in Chinese, and the English catalog says what
 * the core says.
 */

/** The coded problems of a parse that must fail. */
function problemsOf(schema: z.ZodType, input: unknown): CodedFieldProblem[] {
  const parsed = schema.safeParse(input);
  expect(parsed.success, 'refused').toBe(false);
  return issueProblems(parsed.success ? [] : parsed.error.issues);
}

/** The one problem at `path`, asserted to have `code`, worded in both catalogs (English as the core says it). */
function worded(
  problems: CodedFieldProblem[],
  path: string,
  code: string,
  sameEnglish = true,
): CodedFieldProblem {
  const problem = problems.find((p) => p.path === path && p.code === code);
  expect(problem, `${code} at ${path} among ${JSON.stringify(problems)}`).toBeDefined();
  startI18n('en');
  if (sameEnglish) expect(codeWords(problem!.code!, problem!.params)).toBe(problem!.message);
  else expect(codeWords(problem!.code!, problem!.params)).toEqual(expect.any(String));
  zhWords(problem!);
  return problem!;
}

const layout = (extra: object) => ({
  id: 'lobby',
  name: 'Lobby',
  profileId: 'p1',
  grid: { columns: 2, rows: 2 },
  tiles: [],
  ...extra,
});

describe('coded refinements of the shared schemas', () => {
  it('a control or bidirectional character: named as U+XXXX, in words of both languages', () => {
    const control = worded(problemsOf(plainText(20), 'a\u0007b'), '(input)', 'problem.text.control');
    expect(control.params).toEqual({ character: 'U+0007' });
    const bidi = worded(problemsOf(plainText(20), 'a\u202eb'), '(input)', 'problem.text.bidi');
    expect(bidi.params).toEqual({ character: 'U+202E' });
    expect(zhWords(bidi)).toContain('U+202E');
  });

  it('settings: a repeated transport, too many status codes', () => {
    worded(
      problemsOf(SettingsSchema.shape.transportOrder, ['webrtc', 'webrtc']),
      '(input)',
      'problem.settings.transportRepeated',
    );
    const codes = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [String(i), 'x']));
    const p = worded(
      problemsOf(SettingsSchema.shape.statusLegend, { deviceStatus: codes, productStatus: {} }),
      'deviceStatus',
      'problem.settings.legendMax',
    );
    expect(p.params).toEqual({ max: 200 });
  });

  it('profiles: the base URL, a required key, keys and secrets of another credential type', () => {
    worded(problemsOf(HttpUrlSchema, 'ftp://platform.example'), '(input)', 'problem.profile.urlForm');
    worded(problemsOf(HttpUrlSchema, 'http://a\u202eb'), '(input)', 'problem.text.controlOrBidi');
    const problems = problemsOf(ProfileSaveInputSchema, {
      name: 'Site',
      baseUrl: 'http://platform.example',
      credentialType: 'device',
      keys: { productKey: 'k' },
      secrets: { authSecret: 's' },
    });
    expect(worded(problems, 'keys.deviceKey', 'problem.profile.keyRequired').params).toEqual({
      name: 'deviceKey',
    });
    expect(worded(problems, 'keys.productKey', 'problem.profile.notAKey').params).toEqual({
      type: 'device',
      keys: 'deviceKey',
    });
    worded(problems, 'secrets.authSecret', 'problem.profile.notASecret');
  });

  it('provisioning: kiosk mode enabled without a start layout', () => {
    const problems = problemsOf(ProvisioningFileSchema, { kiosk: { enabled: true } });
    // The settings' own words ("required when kiosk mode is enabled"), the file's say `kiosk.enabled`.
    worded(problems, 'kiosk.startLayout', 'problem.kioskNeedsStart', false);
  });

  it('a stream result without a playback URL', () => {
    worded(problemsOf(StreamPlaybackReadSchema, {}), '(input)', 'problem.stream.noPlaybackUrl');
  });

  it('layouts: outside the grid (one column or several), overlapping, cutting an area, no room left', () => {
    const outside = problemsOf(
      LayoutSchema,
      layout({
        grid: { columns: 1, rows: 2 },
        tiles: [{ deviceKey: 'a', column: 1, row: 1, columnSpan: 2 }],
      }),
    );
    const past = worded(outside, 'tiles[0].columnSpan', 'problem.layout.pastColumns');
    expect(past.params).toEqual({ reach: 2, count: 1 });
    worded(
      problemsOf(LayoutSchema, layout({ tiles: [{ deviceKey: 'a', column: 1, row: 1, rowSpan: 3 }] })),
      'tiles[0].rowSpan',
      'problem.layout.pastRows',
    );
    const overlap = problemsOf(
      LayoutSchema,
      layout({
        tiles: [
          { deviceKey: 'a', column: 1, row: 1, columnSpan: 2 },
          { deviceKey: 'b', column: 2, row: 1 },
        ],
      }),
    );
    expect(worded(overlap, 'tiles[1]', 'problem.layout.overlaps').params).toEqual({
      others: 'tiles[0]',
      column: 2,
      row: 1,
    });
    const cut = problemsOf(
      LayoutSchema,
      layout({
        areas: [{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }],
        tiles: [{ deviceKey: 'a', column: 2, row: 2 }],
      }),
    );
    worded(cut, 'tiles[0]', 'problem.layout.cutsArea');
    const areas = problemsOf(
      LayoutSchema,
      layout({
        areas: [
          { column: 1, row: 1, columnSpan: 1, rowSpan: 1 },
          { column: 1, row: 1, columnSpan: 2, rowSpan: 1 },
          { column: 1, row: 1, columnSpan: 1, rowSpan: 2 },
        ],
      }),
    );
    worded(areas, 'areas[0]', 'problem.layout.areaTooSmall');
    worded(areas, 'areas[2]', 'problem.layout.overlaps');
    worded(
      problemsOf(LayoutSchema, layout({ tiles: [{ deviceKey: 'a', column: 1 }] })),
      'tiles[0].row',
      'problem.layout.bothOrNeither',
    );
    const full = problemsOf(
      LayoutSchema,
      layout({ grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'a' }, { deviceKey: 'b' }] }),
    );
    expect(worded(full, 'tiles[1]', 'problem.layout.noSpace').params).toEqual({
      columnSpan: 1,
      rowSpan: 1,
      columns: 1,
      rows: 1,
    });
  });

  it('a views file: the layout’s own problems keep their codes', () => {
    const problems = problemsOf(ViewsDocumentSchema, {
      format: VIEWS_FORMAT,
      version: VIEWS_VERSION,
      views: [
        layout({
          tiles: [
            { deviceKey: 'a', column: 1, row: 1 },
            { deviceKey: 'b', column: 1, row: 1 },
          ],
        }),
      ],
    });
    worded(problems, 'views[0].tiles[1]', 'problem.layout.overlaps');
  });
});
