import { describe, expect, it } from 'vitest';
import {
  expectProblem,
  fillParameter,
  messageOf,
  recordCreates,
  ui,
  type ParameterInput,
} from './pages/template-panel';
import { SCREENS, ids, page, projectKey, s, useTemplatePanelSession } from './pages/template-panel-session';

/**
 * The archive template panel sends a template, in Chromium through the browser shell against the
 * demo platform: a calm new form, all four types sent as exact wire strings, a server rejection that
 * keeps the work, and the credential-type gate that offers another profile.
 */

const ALL_TYPES: ParameterInput[] = [
  {
    identifier: 'door_count',
    name: 'Door openings',
    type: 'INTEGER',
    map: { min: '0', max: '1e3', step: '1', unitName: 'times' },
  },
  {
    identifier: 'humidity',
    name: 'Humidity',
    type: 'FLOAT',
    map: { min: '0', max: '100', step: '.5', unitName: '%' },
  },
  {
    identifier: 'temperature',
    name: 'Temperature',
    type: 'DOUBLE',
    map: { min: '-30.5', max: '10', step: '0.1', unitName: '°C' },
  },
  { identifier: 'operator', name: 'Operator', type: 'STRING', map: { max: '64' } },
];

describe('archive template panel', () => {
  useTemplatePanelSession();

  it('prefills the project key of a Project profile and is calm on a new form', async () => {
    const u = ui(page);
    await expect(u.field('projectKey').inputValue()).resolves.toBe(projectKey);
    // Nothing screams before the user did anything: a count, no invalid field.
    await expect(u.panel.locator('[aria-invalid="true"]').count()).resolves.toBe(0);
    await expect(u.summary.textContent()).resolves.toMatch(/^3 problems to fix before sending/);
    await expect(u.send.isDisabled()).resolves.toBe(true);
    await expect(u.sendReason.textContent()).resolves.toBe('Fix 3 problems first');
  });

  it('creates a template with all four types, sends exact wire strings and shows the result', async () => {
    const u = ui(page);
    const creates = recordCreates(page);
    await u.field('name').fill('Cold store readings');
    await u.field('desc').fill('Door, humidity, temperature and operator of the cold store');
    for (const [i, p] of ALL_TYPES.entries()) await fillParameter(page, i, p);
    await expect.poll(() => u.summary.textContent()).toBe('Ready to send.');
    // The typed "1e3" and ".5" go out in the spec's form; the field says so.
    await expect(messageOf(u.field('parameters[0].map.max'))).resolves.toContain('sent as 1000');
    await u.send.click();
    await u.result.waitFor();
    await expect(u.result.getByTestId('result-template-name').textContent()).resolves.toBe(
      'Cold store readings',
    );
    await expect(u.result.getByTestId('result-project-key').textContent()).resolves.toBe(projectKey);
    await expect(u.result.getByTestId('result-template-id').textContent()).resolves.toMatch(/^\d+$/);
    expect(creates.bodies).toEqual([
      {
        profileId: ids.project,
        projectKey,
        template: {
          desc: 'Door, humidity, temperature and operator of the cold store',
          name: 'Cold store readings',
          parameters: [
            {
              dataType: 'INTEGER',
              identifier: 'door_count',
              name: 'Door openings',
              map: { min: '0', max: '1000', step: '1', unitName: 'times' },
            },
            {
              dataType: 'FLOAT',
              identifier: 'humidity',
              name: 'Humidity',
              map: { min: '0', max: '100', step: '0.5', unitName: '%' },
            },
            {
              dataType: 'DOUBLE',
              identifier: 'temperature',
              name: 'Temperature',
              map: { min: '-30.5', max: '10', step: '0.1', unitName: '°C' },
            },
            { dataType: 'STRING', identifier: 'operator', name: 'Operator', map: { max: '64' } },
          ],
        },
      },
    ]);
    await page.screenshot({ path: `${SCREENS}/template-panel-success.png` });
    // The draft is cleared and the template is in the local history.
    await expect(u.field('name').inputValue()).resolves.toBe('');
    await expect(u.draftStatus.textContent()).resolves.toContain('New template');
    if ((await u.history.getAttribute('open')) === null) await u.history.locator('summary').click();
    await expect(u.history.getByTestId('history-entry').first().textContent()).resolves.toContain(
      'Cold store readings',
    );
    // The copy button puts the id on the clipboard (or says it could not).
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.shell.origin });
    await u.result.getByRole('button', { name: 'Copy template id' }).click();
    const id = await u.result.getByTestId('result-template-id').textContent();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  });

  it('keeps everything on a server rejection and shows its words at the name field', async () => {
    const u = ui(page);
    const creates = recordCreates(page);
    // The same name again in the project: the demo platform answers 409 with details at "name".
    if ((await u.history.getAttribute('open')) === null) await u.history.locator('summary').click();
    await u.history
      .getByTestId('history-entry')
      .filter({ hasText: 'Cold store readings' })
      .getByRole('button', { name: /Start a new template from/ })
      .click();
    await expect.poll(() => u.field('name').inputValue()).toBe('Cold store readings');
    await expect(u.parameters.count()).resolves.toBe(4);
    await u.field('desc').fill('A second copy, typed by hand');
    await u.send.click();
    await u.serverError.waitFor();
    await expect(u.serverError.textContent()).resolves.toContain(
      'A template named "Cold store readings" already exists in this project.',
    );
    await expect(u.serverError.textContent()).resolves.toContain('HTTP 409');
    await expectProblem(u.field('name'), 'a template with this name already exists in the project');
    expect(creates.bodies).toHaveLength(1);
    await u.serverError.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${SCREENS}/template-panel-rejected.png` });
    // Nothing the user typed is lost.
    await expect(u.field('desc').inputValue()).resolves.toBe('A second copy, typed by hand');
    await expect(u.field('parameters[2].map.min').inputValue()).resolves.toBe('-30.5');
    await expect(u.result.count()).resolves.toBe(0);
    // A new name answers the server: its message goes, and the send works.
    await u.field('name').fill('Cold store readings (2)');
    await expect.poll(() => u.field('name').getAttribute('aria-invalid')).toBeNull();
    await u.send.click();
    await u.result.waitFor();
    expect(creates.bodies).toHaveLength(2);
  });

  it('offers to switch profile when the credentials cannot add templates', async () => {
    const u = ui(page);
    const selected = await s.call('profiles:select', { id: ids.device });
    expect(selected.ok).toBe(true);
    await u.gate.waitFor();
    await expect(u.gate.textContent()).resolves.toContain(
      'Device credentials cannot add an archive template; only User or Project credentials can.',
    );
    await expect(u.panel.getByTestId('template-form').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SCREENS}/template-panel-gate.png` });
    await u.gate.getByLabel('Profile').selectOption(ids.user);
    await u.gate.getByRole('button', { name: 'Switch profile' }).click();
    await u.panel.getByTestId('template-form').waitFor();
    // User credentials type the project key themselves.
    await expect(u.field('projectKey').inputValue()).resolves.toBe('');
    await u.field('projectKey').fill(projectKey);
    await u.field('name').fill('Typed by a user');
    await fillParameter(page, 0, { identifier: 'x', name: 'X', type: 'INTEGER', map: {} });
    await u.send.click();
    await u.result.waitFor();
    await expect(u.result.getByTestId('result-project-key').textContent()).resolves.toBe(projectKey);
    // The key that worked stays for the next template (issue #21 item 11); the rest starts afresh.
    await expect(u.field('projectKey').inputValue()).resolves.toBe(projectKey);
    await expect(u.field('name').inputValue()).resolves.toBe('');
  });
});
