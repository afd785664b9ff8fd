import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ensureTestRenderer } from '../test-renderer';
import { openWebShell, type WebShellSession } from '../web-shell';
import { startEchoPlatform, tapEvents } from './echo-platform';
import { Evidence } from './evidence';
import { needles, scanFiles, scanText, type Leak } from './needles';
import { dumpPage, scanDump, type PageDump } from './page-dump';

/**
 * One canary run: the browser shell with the demo platform and an echoing platform, every needle
 * registered (the demo's real secrets too), and everything the page receives, requests, logs and
 * keeps collected from the first load on, for the search at the end (expectNoLeak).
 */
export interface CanaryRun {
  s: WebShellSession;
  page: Page;
  echo: Awaited<ReturnType<typeof startEchoPlatform>>;
  /** Profile ids by name, read from the core (refreshIds). */
  ids: Record<string, string>;
  /** Keep what the page holds now, for the search at the end. */
  snapshot(label: string, p?: Page): Promise<void>;
  refreshIds(): Promise<void>;
  close(): Promise<void>;
  /** For the search at the end. */
  evidence: Evidence;
  dumps: { label: string; dump: PageDump }[];
  events: ReturnType<typeof tapEvents>;
}

export async function openCanaryRun(): Promise<CanaryRun> {
  const rendererDir = await ensureTestRenderer();
  const echo = await startEchoPlatform();
  const s = await openWebShell({ rendererDir, viewport: { width: 1600, height: 1000 } });
  const page = s.page;
  const { user, product, device, project } = s.demo.credentials;
  needles.set('real.user.authSecret', user.authSecret);
  needles.set('real.product.querySecret', product.querySecret);
  needles.set('real.device.queryToken', device.queryToken);
  needles.set('real.project.projectAuthSecret', project.projectAuthSecret);
  const evidence = new Evidence();
  evidence.attach(s.context, [page]);
  const events = tapEvents(s.shell.origin, s.shell.token);
  // Load again with everything listening, so the first load's answers are searched too.
  await page.reload();
  await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor();
  const dumps: CanaryRun['dumps'] = [];
  const ids: Record<string, string> = {};
  return {
    s,
    page,
    echo,
    ids,
    evidence,
    dumps,
    events,
    async snapshot(label, p = page) {
      dumps.push({ label, dump: await p.evaluate(dumpPage) });
    },
    async refreshIds() {
      const list = await s.call('profiles:list');
      if (!list.ok) throw new Error(list.error.message);
      for (const p of list.value) ids[p.name] = p.id;
    },
    async close() {
      events.close();
      await s.close();
      await echo.close();
    },
  };
}

/**
 * The search at the end of a run: after a reload of the working page and a second page of the same
 * session, no needle anywhere the page or a file could hold one; and the search covered real ground
 * (at least `minApiAnswers` API answers read, `minDumps` snapshots of the page).
 */
export async function expectNoLeak(
  run: CanaryRun,
  coverage: { minApiAnswers: number; minDumps: number },
): Promise<void> {
  const { s, page, evidence, dumps, events } = run;
  await evidence.quiet();
  await page.reload();
  await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor();
  await page.getByTestId('app-shell').waitFor();
  await run.snapshot('after reload');
  const second = await s.openPage();
  await run.snapshot('second page', second);
  await evidence.quiet();
  await second.close();
  await evidence.settle();

  const found: Leak[] = [];
  evidence.scan(found);
  for (const { label, dump } of dumps) scanDump(label, dump, found);
  for (const url of s.requestedUrls) scanText(`requested URL ${url.slice(0, 120)}`, url, found);
  for (const line of s.consoleMessages) scanText('console', line, found);
  for (const line of s.pageErrors) scanText('page error', line, found);
  for (const line of s.logs) scanText('shell log', line, found);
  scanText('push events (SSE)', events.text(), found);
  for (const c of await s.context.cookies()) scanText(`cookie ${c.name}`, `${c.name}=${c.value}`, found);
  const files = await scanFiles(s.dataDir, found);

  expect(found).toEqual([]);

  // The search covered real ground: every API answer was read, events and logs flowed.
  const api = evidence.responses.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(coverage.minApiAnswers);
  // A body Chromium dropped because the page navigated away mid-answer is covered only when the
  // same channel's answer was read elsewhere; any other failure to read a body fails the test.
  const readUrls = new Set(api.filter((r) => r.body !== undefined).map((r) => r.url));
  const unread = evidence.bodyFailures.filter(
    (f) => !f.url.includes('/api/events') && !(/navigated away/.test(f.error) && readUrls.has(f.url)),
  );
  expect(unread).toEqual([]);
  const failed = new Set(evidence.bodyFailures.map((f) => f.url));
  expect(
    api
      .filter((r) => !r.url.endsWith('/api/events') && !failed.has(r.url))
      .every((r) => r.body !== undefined),
  ).toBe(true);
  expect(events.text()).toContain('event: profiles:changed');
  expect(s.logs.length).toBeGreaterThan(0);
  expect(files).toBeGreaterThan(1);
  expect(dumps.length).toBeGreaterThanOrEqual(coverage.minDumps);
}
