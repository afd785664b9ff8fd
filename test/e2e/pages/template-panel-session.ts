import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { saveDemoProfile } from '../../support/demo-profiles';
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
    projectKey = s.demo.credentials.project.projectKey;
    ids = {
      device: await saveDemoProfile(s, 'Gate camera', 'device'),
      user: await saveDemoProfile(s, 'Operator', 'user'),
      project: await saveDemoProfile(s, 'Cold store project', 'project', true),
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
