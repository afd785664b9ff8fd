import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './boundary-fixtures';

// The repository's own eslint.config.js: each fixture is linted as if it lived at its path.
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'local/no-ui-literals';

async function literalReports(file: string, body: string): Promise<number[]> {
  const source = `import { useTranslation } from 'react-i18next';\n\nexport function X({ busy }: { busy: boolean }) {\n  const { t } = useTranslation('catalog');\n  return (\n${body}\n  );\n}\n`;
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, file) });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.line);
}

const CONVERTED = 'src/features/catalog/x.tsx';

describe('lint keeps words on screen in the message catalogs', () => {
  it.each([
    ['text between tags', '    <p>Loading products…</p>'],
    ['a title', '    <p title="Refresh products">{t(\'products.title\')}</p>'],
    ['an aria-label written as a template', "    <p aria-label={`Open ${busy}`}>{t('products.title')}</p>"],
    ['a placeholder', '    <input placeholder="Filter by name…" />'],
    ['strings chosen in an expression', "    <p>{busy ? 'Saving…' : t('products.title')}</p>"],
    ['a string after &&', "    <p>{busy && 'Loading'}</p>"],
    ['Chinese text', '    <p>正在加载</p>'],
  ])('rejects %s in a converted folder', async (_name, body) => {
    expect(await literalReports(CONVERTED, body)).toEqual([6]);
  });

  it('accepts catalog words, symbols, an icon letter and the spec’s field names', async () => {
    const body = [
      "    <div title={t('products.title')}>",
      "      {t('products.title')} ↻ — · <span>i</span> <dt>productKey</dt>",
      '      <input placeholder={t(\'products.title\')} data-testid="device-filter" type="search" />',
      "      {busy ? '—' : '·'}",
      '    </div>',
    ].join('\n');
    expect(await literalReports(CONVERTED, body)).toEqual([]);
  });

  it('applies to the whole renderer, and not to the main side (its English is for logs and fallbacks)', async () => {
    const body = '    <p>Loading products…</p>';
    for (const file of [
      'src/features/operator-log/x.tsx',
      'src/features/wall/x.tsx',
      'src/app/x.tsx',
      'src/lib/x.tsx',
    ])
      expect(await literalReports(file, body)).toEqual([6]);
    expect(await literalReports('electron/demo-platform/x.tsx', body)).toEqual([]);
  });
});
