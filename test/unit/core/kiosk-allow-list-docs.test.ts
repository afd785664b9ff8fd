import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPEN_WHEN_LOCKED } from '../../../electron/core/kiosk-lock';
import type { ChannelParsedInput } from '../../../electron/shared/contract';

/**
 * Audit of #28 Deliver ("every write channel refused while locked except the ones an unattended wall
 * needs, listed in the README"): the list in the docs (which the README and SECURITY.md point to) is
 * the code's allow-list exactly: the same channels, the same ui keys, the same operator-log kinds.
 */
const DOC = path.resolve('docs/kiosk-and-unattended.md');

/** The part of the doc that lists what a locked wall still allows. */
async function allowedSection(): Promise<string> {
  const text = await readFile(DOC, 'utf8');
  const start = text.indexOf('What a locked wall still allows:');
  const end = text.indexOf('Everything else is refused', start);
  expect(start, 'the list’s opening sentence').toBeGreaterThan(-1);
  expect(end, 'the list’s closing sentence').toBeGreaterThan(start);
  return text.slice(start, end);
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

describe('the locked kiosk’s allow-list in the docs', () => {
  it('names exactly the channels the core lets through', async () => {
    const named = backticked(await allowedSection()).filter((t) => /^[a-z]+:[a-z]+$/.test(t));
    expect([...new Set(named)].sort()).toEqual(Object.keys(OPEN_WHEN_LOCKED).sort());
  });

  it('names every family of ui keys a locked wall may still write', async () => {
    const section = await allowedSection();
    const refuse = OPEN_WHEN_LOCKED['ui:set']!.refuse!;
    // One key of each family the code knows, and what the doc must say for it.
    const families: [key: string, docSays: string][] = [
      ['wall.view', '`wall.view`'],
      ['wall.window.lobby', '`wall.window.'],
      ['wall.screen.left', '`wall.screen.'],
      ['shell.layout', '`shell.layout`'],
    ];
    for (const [key, docSays] of families) {
      const open = refuse({ key, value: 1 } as ChannelParsedInput<'ui:set'>) === undefined;
      expect(section.includes(docSays), `${key}: open when locked ${open}`).toBe(open);
    }
  });

  it('names exactly the operator-log kinds a locked wall may still append', async () => {
    const section = await allowedSection();
    const bullet = section.split('\n- ').find((b) => b.startsWith('`oplog:append`')) ?? '';
    const refuse = OPEN_WHEN_LOCKED['oplog:append']!.refuse!;
    const kinds = [
      'stale',
      'failed',
      'recovered',
      'assigned',
      'cleared',
      'tour-switch',
      'degraded',
      'restored',
      'room-command',
    ];
    const open = kinds.filter(
      (kind) =>
        refuse({ events: [{ at: 1, kind }] } as unknown as ChannelParsedInput<'oplog:append'>) === undefined,
    );
    const allowedInDoc = (bullet.split('; ')[0] ?? '').split('produces itself')[1] ?? bullet;
    expect(backticked(allowedInDoc).sort()).toEqual(open.sort());
  });
});
