import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openWebShell, type WebShellSession } from '../../support/web-shell';
import { AppShellPage } from './app-shell-page';
import { discardDraft, ui } from './template-panel';

/**
 * The session the template panel specs share: the browser shell against the demo platform (no live
 * media), three profiles saved (a Device, a User and the selected Project one), the page reloaded and
 * the panel open; before each case a draft left by the last one is discarded. A spec calls
 * `useTemplatePanelSession()` once in its describe; `s`, `page`, `projectKey` and `ids` are filled in
 * its `beforeAll` (read them inside the cases).
 */

export const SCREENS = '.tmp/screens';

export let s: WebShellSession;
export let page: Page;
/** The demo's project key (the Project profile's, prefilled in the form). */
export let projectKey: string;
/** The saved profiles' ids. */
export let ids: { project: string; device: string; user: string };

export function useTemplatePanelSession(): void {
  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
    s = await openWebShell({
      liveMedia: false,
      viewport: { width: 1500, height: 1000 },
      rendererDir: process.env.TEMPLATES_RENDERER_DIR,
    });
    page = s.page;
    const { project, device, user } = s.demo.credentials;
    projectKey = project.projectKey;
    const save = async (
      name: string,
      credentialType: 'project' | 'device' | 'user',
      keys: Record<string, string>,
      secrets: Record<string, string>,
      select = false,
    ) => {
      const saved = await s.call('profiles:save', {
        name,
        baseUrl: s.demo.baseUrl,
        credentialType,
        keys,
        secrets,
        select,
      });
      if (!saved.ok) throw new Error(`profile ${name} not saved: ${saved.error.message}`);
      return saved.value.id;
    };
    ids = {
      device: await save(
        'Gate camera',
        'device',
        { deviceKey: device.deviceKey },
        { queryToken: device.queryToken },
      ),
      user: await save(
        'Operator',
        'user',
        { userKey: user.userKey, authKey: user.authKey },
        { authSecret: user.authSecret },
      ),
      project: await save(
        'Cold store project',
        'project',
        { projectKey: project.projectKey, projectAuthKey: project.projectAuthKey },
        { projectAuthSecret: project.projectAuthSecret },
        true,
      ),
    };
    await page.reload();
    await new AppShellPage(page).ready();
    await ui(page).open.click();
    await ui(page).panel.locator('[data-testid="template-form"]').waitFor();
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    if (await ui(page).panel.isVisible()) await discardDraft(page);
  });
}
