import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { openCanaryRun, type CanaryRun } from '../../support/canary/canary-run';
import type { WebShellSession } from '../../support/web-shell';

/**
 * The run both canary specs share (test/support/canary/canary-run.ts): a spec calls `useCanaryRun()`
 * once at its top; the bindings below are filled in its `beforeAll` (read them inside the cases) and
 * the run is closed after its last case.
 */

export let canary: CanaryRun;
export let s: WebShellSession;
export let page: Page;
/** Profile ids by name, read from the core (canary.refreshIds). */
export let ids: Record<string, string>;

/** Keep what the page holds now, for the search at the end. */
export const snapshot = (label: string, p?: Page) => canary.snapshot(label, p);

export function useCanaryRun(): void {
  beforeAll(async () => {
    canary = await openCanaryRun();
    ({ s, page, ids } = canary);
  });

  afterAll(async () => {
    await canary?.close();
  });
}

/** Take the demo platform on the first-run screen; resolves once its products are listed. */
export async function chooseDemo(on: Page): Promise<void> {
  await on.getByTestId('choose-demo').click();
  await on.getByTestId('app-shell').waitFor({ timeout: 30_000 });
  await expect.poll(() => on.getByTestId('product-item').count(), { timeout: 30_000 }).toBeGreaterThan(0);
}
