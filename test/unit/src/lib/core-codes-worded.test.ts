import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { startI18n } from '../../../../src/i18n/start-i18n';

/**
 * Every code the core's stores, files, views, kiosk and shells give an error, a field problem or a
 * notice has words in every catalog: a code the renderer cannot word would show the core's English
 * to an operator who reads Chinese. Read from the sources, so a new code without words fails here.
 */
const ROOT = path.join(__dirname, '../../../..');
/** Every source of the core and both shells (the demo platform is a stand-in platform, not the app). */
const SOURCES = sourcesUnder('electron').filter((f) => !f.startsWith(path.join('electron', 'demo-platform')));

/** The .ts files under a folder, by path from the root (node 20's recursive readdir can skip entries). */
function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(at);
    return entry.name.endsWith('.ts') ? [at] : [];
  });
}

const GROUPS =
  'vault|snapshot|layout|tour|window|settings|demo|uiState|storage|provisioning|views|notice|problem|shell|notFound|kiosk|secret|input|platform|room|health|catalog|internal';
/** A quoted code (a field's path, `path: 'kiosk.startLayout'`, is not one). */
const QUOTED = new RegExp(`(?<!path: )'((?:${GROUPS})\\.[A-Za-z][\\w.-]*)'`, 'g');

/** Codes built from parts (template literals), every part they can take. */
const BUILT = [
  ...['unreadable', 'newer', 'notUpgraded', 'invalid', 'salvaged'].flatMap((what) =>
    ['kept', 'notKept'].map((kept) => `notice.store.${what}.${kept}`),
  ),
  ...['reloaded', 'rebuilt', 'restarted', 'restartedMemory'].flatMap((what) =>
    ['once', 'again'].map((n) => `notice.page.${what}.${n}`),
  ),
  ...['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'other'].map((c) => `storage.cause.${c}`),
  ...[
    'oom',
    'crashed',
    'killed',
    'launch-failed',
    'integrity-failure',
    'memory-eviction',
    'abnormal-exit',
  ].map((e) => `page.exit.${e}`),
  ...['layouts', 'profiles', 'settings', 'tours', 'template-history', 'ui-state', 'room', 'room-secret'].map(
    (s) => `store.${s}`,
  ),
];

/** The platform's own words: shown as sent, marked as the platform's (error-words.ts platformWords). */
const WORDED_ELSEWHERE = new Set(['platform.answered']);

function codesInSources(): string[] {
  const codes = new Set<string>();
  for (const file of SOURCES) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    // A file's name (`'provisioning.json'`) is not a code either.
    for (const m of text.matchAll(QUOTED)) if (!/\.json$/.test(m[1])) codes.add(m[1]);
  }
  return [...codes].sort();
}

describe('the codes of the core’s own errors and notices', () => {
  it('are found in the sources (the scan reads what it should)', () => {
    const codes = codesInSources();
    expect(codes).toEqual(
      expect.arrayContaining([
        'vault.cannotSave',
        'notice.kioskStartRemoved',
        'shell.usePost',
        'room.notThisPc',
        'platform.timeout',
      ]),
    );
    expect(codes.length).toBeGreaterThan(200);
  });

  it.each(['en', 'zh-CN'] as const)('each has words in %s', (language) => {
    startI18n(language);
    const missing = [...codesInSources(), ...BUILT].filter(
      (code) =>
        !WORDED_ELSEWHERE.has(code) &&
        // A code with plural forms only (`rows_one`, `rows_other`) exists for a count.
        !i18next.exists(code, { ns: 'errors', lng: language }) &&
        !i18next.exists(code, { ns: 'errors', lng: language, count: 2 }),
    );
    startI18n('en');
    expect(missing).toEqual([]);
  });
});
