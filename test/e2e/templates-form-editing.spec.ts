import { describe, expect, it } from 'vitest';
import { discardDraft, expectProblem, fillParameter, recordCreates, ui } from './pages/template-panel';
import { SCREENS, page, useTemplatePanelSession } from './pages/template-panel-session';

/**
 * The archive template panel's form as an operator edits it, in Chromium through the browser shell
 * against the demo platform: every invalid input stopped at its field with nothing sent, a draft
 * that survives a reload, and parameters added, duplicated, removed with undo and reordered by
 * keyboard.
 */

describe('archive template panel', () => {
  useTemplatePanelSession();

  it('shows each invalid input at its field and sends nothing', async () => {
    const u = ui(page);
    const creates = recordCreates(page);
    await u.field('name').fill('Bad values');
    await fillParameter(page, 0, {
      identifier: '1abc',
      name: 'First',
      type: 'DOUBLE',
      map: { min: '1,5', max: '10', step: '0' },
    });
    await fillParameter(page, 1, {
      identifier: 'dup',
      name: 'Second',
      type: 'INTEGER',
      map: { min: '1.5', max: '20' },
    });
    await fillParameter(page, 2, {
      identifier: 'dup',
      name: '',
      type: 'INTEGER',
      map: { min: '10', max: '5' },
    });
    await fillParameter(page, 3, {
      identifier: 'wide',
      name: 'Wide step',
      type: 'DOUBLE',
      map: { min: '0', max: '1', step: '2' },
    });
    await fillParameter(page, 4, { identifier: 'note', name: 'Note', type: 'STRING', map: { max: '0' } });
    await u.field('parameters[2].name').focus();
    await u.field('parameters[2].name').blur();

    const expected: [string, string | RegExp][] = [
      [
        'parameters[0].identifier',
        'must start with a letter or _, then letters, digits or _ (at most 64 characters)',
      ],
      ['parameters[0].map.min', 'use a dot for decimals ("1.5", not "1,5") and no thousands separators'],
      ['parameters[0].map.step', 'step must be greater than 0'],
      ['parameters[1].map.min', 'must be a whole number (INTEGER has no decimals)'],
      ['parameters[2].identifier', '"dup" is already used by parameter 2'],
      ['parameters[2].name', 'name is required'],
      ['parameters[2].map.max', 'max (5) must not be less than min (10)'],
      ['parameters[3].map.step', 'step (2) must not be larger than max − min (1)'],
      ['parameters[4].map.max', 'must be a positive whole number (got "0")'],
    ];
    for (const [path, message] of expected) await expectProblem(u.field(path), message);
    await expect(u.send.isDisabled()).resolves.toBe(true);
    await expect(u.sendReason.textContent()).resolves.toBe(`Fix ${expected.length} problems first`);

    // An emptied project key, once touched, is a problem too.
    await u.field('projectKey').fill('');
    await expectProblem(u.field('projectKey'), 'project key is required');

    // The summary lists them and leads to each field.
    await u.summary.getByRole('button', { name: 'Show' }).click();
    await u.summary.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${SCREENS}/template-panel-errors.png` });
    await u.summary.getByRole('button', { name: 'Parameter 4 (wide) · step' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-path')))
      .toBe('parameters[3].map.step');

    // Keyboard Enter, clicks on the disabled button: still nothing goes out.
    await u.send.click({ force: true });
    await u.field('parameters[0].map.min').press('Enter');
    expect(creates.bodies).toEqual([]);

    // Fixing one field clears its message at once.
    await u.field('parameters[0].map.min').fill('1.5');
    await expect.poll(() => u.field('parameters[0].map.min').getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps a draft through a reload', async () => {
    const u = ui(page);
    await u.field('name').fill('Half-typed');
    await fillParameter(page, 0, {
      identifier: 'level',
      name: 'Level',
      type: 'FLOAT',
      map: { min: '0', max: '1,' },
    });
    await expect.poll(() => u.draftStatus.textContent()).toMatch(/Draft saved/);
    await page.reload();
    await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor();
    // The shell remembers the panel open (issue #21 item 14): open it only if it did not come back.
    if ((await u.open.getAttribute('aria-expanded')) !== 'true') await u.open.click();
    await u.panel.locator('[data-testid="template-form"]').waitFor();
    await expect(u.field('name').inputValue()).resolves.toBe('Half-typed');
    await expect(u.field('parameters[0].identifier').inputValue()).resolves.toBe('level');
    await expect(u.field('parameters[0].dataType').inputValue()).resolves.toBe('FLOAT');
    await expect(u.field('parameters[0].map.max').inputValue()).resolves.toBe('1,');
    await discardDraft(page);
    await expect(u.draftStatus.textContent()).resolves.toContain('New template');
  });

  it('adds, duplicates, removes with undo and reorders by keyboard with the focus following', async () => {
    const u = ui(page);
    await fillParameter(page, 0, { identifier: 'a', name: 'Alpha', type: 'INTEGER', map: {} });
    await fillParameter(page, 1, { identifier: 'b', name: 'Beta', type: 'DOUBLE', map: { min: '0' } });
    await u.parameters.nth(1).getByRole('button', { name: 'Duplicate parameter 2 (b)' }).click();
    await expect(u.field('parameters[2].identifier').inputValue()).resolves.toBe('b_2');
    await expect(u.field('parameters[2].name').inputValue()).resolves.toBe('Beta 2');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-path')))
      .toBe('parameters[2].identifier');

    // Alt+ArrowUp twice from the copy's name field: it becomes first, the focus stays in it.
    await u.field('parameters[2].name').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    const identifiers = () =>
      u.panel
        .locator('[data-path$="].identifier"]')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await expect.poll(identifiers).toEqual(['b_2', 'a', 'b']);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-path'))).resolves.toBe(
      'parameters[0].name',
    );
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(identifiers).toEqual(['a', 'b_2', 'b']);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-path'))).resolves.toBe(
      'parameters[1].name',
    );

    // The move buttons keep the focus too.
    await u.parameters.nth(2).getByRole('button', { name: 'Move parameter 3 (b) up' }).click();
    await expect.poll(identifiers).toEqual(['a', 'b', 'b_2']);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Move parameter 2 (b) up',
    );

    await u.parameters.nth(0).getByRole('button', { name: 'Remove parameter 1 (a)' }).click();
    await expect.poll(identifiers).toEqual(['b', 'b_2']);
    await u.panel.getByTestId('undo-remove').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(identifiers).toEqual(['a', 'b', 'b_2']);

    // DOUBLE to STRING keeps max, hides min (not sent), and switching back restores it.
    await u.field('parameters[1].dataType').selectOption('STRING');
    await expect(u.field('parameters[1].map.min').count()).resolves.toBe(0);
    await expect(u.panel.getByTestId('hidden-values').textContent()).resolves.toContain('min 0');
    await u.panel.getByTestId('hidden-values').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/template-panel-hidden-values.png` });
    await u.field('parameters[1].dataType').selectOption('DOUBLE');
    await expect(u.field('parameters[1].map.min').inputValue()).resolves.toBe('0');
  });
});
