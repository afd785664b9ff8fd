import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saveDemoProfile } from '../support/demo-profiles';
import { openWebShell, type WebShellSession } from '../support/web-shell';

/**
 * The archive template panel in an operator's first hour (issue #21 items 9, 11, 14, 15 and #20
 * items 6, 7), in Chromium through the browser shell against the demo platform: where the project key
 * comes from and a 404 at the key, the key kept and offered after a send, drafts kept by the core
 * (not by the page's origin) with an old local draft moved once, an unreadable draft kept aside,
 * "Not saved" instead of "Saved" while nothing can be saved, Escape, and a profile switch that lands
 * late while the operator types.
 */

const ui = (page: Page) => {
  const panel = page.getByTestId('template-panel');
  return {
    panel,
    field: (path: string) => panel.locator(`[data-path="${path}"]`),
    open: page.getByTestId('open-templates'),
    form: panel.getByTestId('template-form'),
    fieldset: panel.getByTestId('template-fieldset'),
    send: panel.getByTestId('template-send'),
    result: panel.getByTestId('template-result'),
    serverError: panel.getByTestId('template-server-error'),
    status: panel.getByTestId('draft-status'),
    keptAside: panel.getByTestId('draft-kept-aside'),
    profileSelect: page.getByTestId('profile-select'),
  };
};

/** The text a control is described by (hint and error), as assistive technology reads it. */
async function descriptionOf(page: Page, path: string): Promise<string> {
  const control = ui(page).field(path);
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' | ');
}

/** Open the panel unless the shell brought it back open (it remembers), and wait for the form. */
async function openPanel(page: Page): Promise<void> {
  const u = ui(page);
  await u.open.waitFor();
  if ((await u.open.getAttribute('aria-expanded')) !== 'true') await u.open.click();
  await u.form.waitFor();
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor();
  await openPanel(page);
}

/** A valid one-parameter template (the name given), typed as a person would. */
async function typeTemplate(page: Page, name: string): Promise<void> {
  const u = ui(page);
  await u.field('name').fill(name);
  await u.field('parameters[0].identifier').fill('operator');
  await u.field('parameters[0].name').fill('Operator');
  await u.field('parameters[0].dataType').selectOption('STRING');
  await u.field('parameters[0].map.max').fill('64');
}

describe('templates: an operator’s first hour', () => {
  let s: WebShellSession;
  let page: Page;
  let projectKey: string;
  let ids: { project: string; user: string };

  const stored = async (key: string) => {
    const answer = await s.call('ui:get', { key });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value.value;
  };

  /** A clean start for the User profile: no draft, no remembered keys. */
  const forgetUser = async () => {
    for (const key of [`templates.draft.${ids.user}`, `templates.project-keys.${ids.user}`])
      await s.call('ui:set', { key, value: null });
  };

  beforeAll(async () => {
    s = await openWebShell({
      liveMedia: false,
      viewport: { width: 1366, height: 768 },
      rendererDir: process.env.TEMPLATES_RENDERER_DIR,
    });
    page = s.page;
    projectKey = s.demo.credentials.project.projectKey;
    ids = {
      user: await saveDemoProfile(s, 'Operator', 'user'),
      project: await saveDemoProfile(s, 'Cold store project', 'project', true),
    };
    await page.reload();
    await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('says where the project key comes from, puts a 404 at the key, and keeps and offers a key that worked', async () => {
    const u = ui(page);
    await forgetUser();
    await openPanel(page);
    // A Project profile brings its own key.
    await expect.poll(() => u.field('projectKey').inputValue()).toBe(projectKey);
    await expect(descriptionOf(page, 'projectKey')).resolves.toContain('From the selected Project profile');

    // User credentials: nothing on screen knows the key yet, so the field says who does.
    await u.profileSelect.selectOption(ids.user);
    await expect.poll(() => u.status.textContent()).toContain('Operator');
    await expect.poll(() => u.field('projectKey').inputValue()).toBe('');
    await expect(descriptionOf(page, 'projectKey')).resolves.toContain(
      'Ask your platform administrator for the project key.',
    );

    // A key the platform does not know: said at the field, in words, and the field has the focus.
    await u.field('projectKey').fill('pj-nope');
    await typeTemplate(page, 'Shift log');
    await u.send.click();
    await u.serverError.waitFor();
    const problem = 'No project with key “pj-nope” on this platform: check the key';
    await expect(u.serverError.textContent()).resolves.toContain(problem);
    await expect(u.serverError.textContent()).resolves.toContain('HTTP 404');
    await expect(u.field('projectKey').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(descriptionOf(page, 'projectKey')).resolves.toContain(problem);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-path'))).resolves.toBe(
      'projectKey',
    );
    await page.screenshot({ path: '.tmp/screens/templates-key-404.png' });

    // The right key: sent, and kept in the form for the next template (the rest starts afresh).
    await u.field('projectKey').fill(projectKey);
    await expect.poll(() => u.field('projectKey').getAttribute('aria-invalid')).toBeNull();
    await u.send.click();
    await u.result.waitFor();
    await expect(u.field('name').inputValue()).resolves.toBe('');
    await expect(u.field('projectKey').inputValue()).resolves.toBe(projectKey);
    await expect(descriptionOf(page, 'projectKey')).resolves.toContain('A key that worked before');
    await expect
      .poll(() =>
        u.panel
          .locator('[data-testid="project-key-options"] option')
          .evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value)),
      )
      .toEqual([projectKey]);
    await expect.poll(() => stored(`templates.project-keys.${ids.user}`)).toEqual([projectKey]);

    // Another key typed: the one that worked is one click away.
    await u.field('projectKey').fill('');
    await u.panel.getByTestId('project-key-choice').filter({ hasText: projectKey }).click();
    await expect(u.field('projectKey').inputValue()).resolves.toBe(projectKey);

    // After a reload a new draft of this profile starts with it.
    await reload(page);
    await expect.poll(() => u.field('projectKey').inputValue()).toBe(projectKey);
  });

  it('keeps drafts with the core, not with the page’s origin, and moves an old local draft once', async () => {
    const u = ui(page);
    await forgetUser();
    await s.call('profiles:select', { id: ids.user });
    await reload(page);
    await u.field('name').fill('Kept by the core');
    await expect.poll(() => u.status.getAttribute('data-state')).toBe('saved');
    await expect(u.status.textContent()).resolves.toMatch(/^Draft saved \d{4}-\d\d-\d\d \d\d:\d\d/);
    await expect(stored(`templates.draft.${ids.user}`)).resolves.toMatchObject({
      draft: { name: 'Kept by the core' },
    });
    await expect(
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('template-draft'))),
    ).resolves.toEqual([]);

    // A page with storage of its own (as another browser-shell port would have) finds the draft.
    const other = await s.browser.newContext({ viewport: { width: 1366, height: 768 } });
    try {
      const second = await other.newPage();
      await second.goto(`${s.shell.origin}/?token=${s.shell.token}`);
      await second.locator('[data-testid="app-root"][data-state="ready"]').waitFor();
      await openPanel(second);
      await expect.poll(() => ui(second).field('name').inputValue()).toBe('Kept by the core');
    } finally {
      await other.close();
    }

    // A draft an earlier version left in this page's localStorage is taken up, then lives in the core.
    await s.call('ui:set', { key: `templates.draft.${ids.user}`, value: null });
    await page.evaluate(({ key, draft }) => localStorage.setItem(key, JSON.stringify(draft)), {
      key: `control-room-wall.template-draft.${ids.user}`,
      draft: {
        version: 1,
        savedAt: Date.now() - 60_000,
        draft: {
          projectKey,
          name: 'Left in localStorage',
          desc: '',
          parameters: [
            {
              key: 'p1',
              identifier: 'door',
              name: 'Door',
              dataType: 'INTEGER',
              values: { min: '', max: '', step: '', unitName: '' },
              extra: {},
            },
          ],
        },
      },
    });
    await reload(page);
    await expect.poll(() => u.field('name').inputValue()).toBe('Left in localStorage');
    await expect(u.field('parameters[0].identifier').inputValue()).resolves.toBe('door');
    await expect(stored(`templates.draft.${ids.user}`)).resolves.toMatchObject({
      draft: { name: 'Left in localStorage' },
    });
    await expect(
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('template-draft'))),
    ).resolves.toEqual([]);
    await expect(u.keptAside.count()).resolves.toBe(0);
  });

  it('keeps a draft that cannot be read aside, says where, offers it, and starts a new one', async () => {
    const u = ui(page);
    await s.call('profiles:select', { id: ids.user });
    const broken = {
      version: 1,
      savedAt: Date.now() - 3_600_000,
      draft: { name: 'Half a template', parameters: 'oops' },
    };
    await s.call('ui:set', { key: `templates.draft.${ids.user}`, value: broken });
    await reload(page);
    await u.keptAside.waitFor();
    await expect(u.keptAside.textContent()).resolves.toContain('The saved draft of Operator (saved ');
    await expect(u.keptAside.textContent()).resolves.toContain(
      'could not be read, so a new draft was started.',
    );
    const key = (await u.keptAside.locator('.mono').textContent()) ?? '';
    expect(key).toMatch(new RegExp(`^templates\\.draft\\.${ids.user}\\.unreadable-\\d+$`));
    const kept = (await stored(key)) as { text: string };
    expect(JSON.parse(kept.text)).toEqual(broken);
    await expect(stored(`templates.draft.${ids.user}`)).resolves.toBeNull();
    await expect(u.field('name').inputValue()).resolves.toBe('');
    await page.screenshot({ path: '.tmp/screens/templates-kept-aside.png' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      u.keptAside.getByTestId('kept-aside-download').click(),
    ]);
    expect(JSON.parse(await readFile(await download.path(), 'utf8'))).toEqual(broken);
    await u.keptAside.getByRole('button', { name: 'Dismiss' }).click();
    await expect(u.keptAside.count()).resolves.toBe(0);
    // Not found (and kept) again at the next start.
    await reload(page);
    await expect(u.keptAside.count()).resolves.toBe(0);
  });

  it('says "Not saved" and never "Draft saved" while the service cannot keep the draft', async () => {
    const u = ui(page);
    await openPanel(page);
    await page.route('**/api/ui:set', (route) => route.abort('connectionrefused'));
    try {
      await u.field('name').fill('Typed while the service is away');
      await expect.poll(() => u.status.getAttribute('data-state')).toBe('failed');
      await expect(u.status.textContent()).resolves.toMatch(/^Not saved: the wall service does not answer/);
      await u.field('desc').fill('still typing');
      await expect.poll(() => u.status.getAttribute('data-state')).toBe('failed');
      await expect(u.status.textContent()).resolves.not.toContain('Draft saved');
      await page.screenshot({ path: '.tmp/screens/templates-not-saved.png' });
    } finally {
      await page.unroute('**/api/ui:set');
    }
    await u.field('desc').fill('and back');
    await expect.poll(() => u.status.getAttribute('data-state')).toBe('saved');
    await expect(stored(`templates.draft.${ids.user}`)).resolves.toMatchObject({
      draft: { name: 'Typed while the service is away', desc: 'and back' },
    });
  });

  it('closes on Escape and gives the focus back to the Templates button; a dialog takes its own Escape', async () => {
    const u = ui(page);
    await openPanel(page);
    await u.panel.getByTestId('template-import').click();
    const dialog = page.getByTestId('template-import-dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(u.panel.isVisible()).resolves.toBe(true);

    await u.field('name').focus();
    await page.keyboard.press('Escape');
    await u.panel.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'open-templates',
    );
    await expect(u.open.getAttribute('aria-expanded')).resolves.toBe('false');
    // Opened with the keyboard, closed with Escape from its button.
    await page.keyboard.press('Enter');
    await u.form.waitFor();
    await page.keyboard.press('Escape');
    await u.panel.waitFor({ state: 'detached' });
  });

  it('waits for a profile switch that lands late, so nothing typed goes into the draft being left', async () => {
    const u = ui(page);
    await s.call('profiles:select', { id: ids.project });
    await forgetUser();
    await reload(page);
    await expect.poll(() => u.field('projectKey').inputValue()).toBe(projectKey);
    const projectDraftBefore = await stored(`templates.draft.${ids.project}`);

    // The core answers the switch 1.5 s late (a busy machine); the operator types at once.
    await page.route('**/api/profiles:select', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    try {
      await u.profileSelect.selectOption(ids.user);
      // The form waits, visibly, for the switch.
      await expect.poll(() => u.fieldset.getAttribute('data-switching')).toBe('true');
      await expect(u.fieldset.getAttribute('aria-busy')).resolves.toBe('true');
      await expect(u.status.textContent()).resolves.toContain('Switching to Operator');
      await page.screenshot({ path: '.tmp/screens/templates-switching.png' });
      await u.field('projectKey').fill(projectKey);
      await typeTemplate(page, 'Typed during the switch');
    } finally {
      await page.unroute('**/api/profiles:select');
    }
    // Switched: the typing is in the User profile's form, whole, and can be sent.
    await expect.poll(() => u.status.getAttribute('data-state')).not.toBe('switching');
    await expect(u.status.textContent()).resolves.toContain('Operator');
    await expect(u.field('name').inputValue()).resolves.toBe('Typed during the switch');
    await expect.poll(() => u.send.isEnabled()).toBe(true);
    await u.send.click();
    await u.result.waitFor();
    await expect(u.result.getByTestId('result-template-name').textContent()).resolves.toBe(
      'Typed during the switch',
    );
    // The Project profile's draft did not get the typing.
    await expect(stored(`templates.draft.${ids.project}`)).resolves.toEqual(projectDraftBefore);
  });
});
