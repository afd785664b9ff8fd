import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectProblem, messageOf, ui } from './pages/template-panel';
import { page, s, useTemplatePanelSession } from './pages/template-panel-session';

/**
 * The archive template panel's import and export, in Chromium through the browser shell against the
 * demo platform: a pasted import with errors points at each field, a file import loads, and the
 * export is the JSON the form would send.
 */

describe('archive template panel', () => {
  useTemplatePanelSession();

  it('loads a pasted import with errors into the form and points at each field', async () => {
    const u = ui(page);
    await u.importButton.click();
    const dialog = u.importDialog;
    // A syntax error stays in the dialog, with its line and column.
    await dialog
      .getByTestId('import-text')
      .fill('{\n  "name": "Broken",\n  "desc": ""\n  "parameters": []\n}');
    await dialog.getByRole('button', { name: 'Load pasted text' }).click();
    await expect(dialog.getByTestId('import-error').textContent()).resolves.toBe(
      'JSON syntax error at line 4, column 3: expected "," or "}" but found "\\""',
    );
    const imported = {
      name: '',
      desc: 'From a spreadsheet',
      parameters: [
        { dataType: 'INTEGER', identifier: 'count', name: 'Count', map: { min: '1,5', max: 10 } },
        { dataType: 'BOOLEAN', identifier: 'flag', name: 'Flag', map: {} },
        { dataType: 'string', identifier: 'count', name: 'Label', map: { max: '32', pattern: '.*' } },
      ],
    };
    await dialog.getByTestId('import-text').fill(JSON.stringify(imported, null, 2));
    await dialog.getByRole('button', { name: 'Load pasted text' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(u.field('desc').inputValue()).resolves.toBe('From a spreadsheet');
    await expect(u.field('parameters[0].map.max').inputValue()).resolves.toBe('10');
    await expectProblem(u.field('name'), 'name is required');
    await expectProblem(u.field('parameters[0].map.min'), /use a dot for decimals/);
    await expectProblem(
      u.field('parameters[1].dataType'),
      '"BOOLEAN" is not a supported type: choose INTEGER, FLOAT, DOUBLE, STRING',
    );
    await expectProblem(u.field('parameters[2].identifier'), '"count" is already used by parameter 1');
    await expect(u.field('parameters[2].dataType').inputValue()).resolves.toBe('STRING');
    await expect(messageOf(u.field('parameters[2].map.pattern'))).resolves.toBe('STRING takes only max');
    await expect(u.summary.getAttribute('data-count')).resolves.toBe('5');
  });

  it('loads an import from a file and exports the form as the JSON it would send', async () => {
    const u = ui(page);
    await u.importButton.click();
    const body = {
      name: 'From a file',
      desc: '',
      parameters: [
        { dataType: 'DOUBLE', identifier: 'temp', name: 'Temp', map: { min: -40, max: 1e21, step: 1e-7 } },
      ],
    };
    await u.importDialog.getByTestId('import-file').setInputFiles({
      name: 'template.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(body)),
    });
    await u.importDialog.waitFor({ state: 'detached' });
    await expect(u.field('parameters[0].map.max').inputValue()).resolves.toBe('1000000000000000000000');
    await expect(u.field('parameters[0].map.step').inputValue()).resolves.toBe('0.0000001');
    await expect.poll(() => u.summary.textContent()).toBe('Ready to send.');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      u.panel.getByTestId('template-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('from-a-file.json');
    const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(exported).toEqual({
      desc: '',
      name: 'From a file',
      parameters: [
        {
          dataType: 'DOUBLE',
          identifier: 'temp',
          name: 'Temp',
          map: { min: '-40', max: '1000000000000000000000', step: '0.0000001' },
        },
      ],
    });
    expect(s.cspViolations).toEqual([]);
  });
});
