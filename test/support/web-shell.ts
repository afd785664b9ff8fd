import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLiveMedia, type LiveMedia, type LiveMediaOptions } from '../../electron/demo-platform/media';
import { startDemoPlatform, type DemoPlatform } from '../../electron/demo-platform/server';
import { ensureTestRenderer } from './test-renderer';
import { createLogger } from '../../electron/core/logger';
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../electron/shared/contract';
import { startWebShell, type WebShell } from '../../electron/web-shell/server';
import { launchChromium } from './chromium';

/** A `securitypolicyviolation` the page reported, or a CSP complaint Chromium logged. */
interface CspViolation {
  directive: string;
  blockedURI: string;
  sourceFile?: string;
  line?: number;
  sample?: string;
}

export interface WebShellSessionOptions {
  /** Live media behind the demo platform, so streams really play; default true. */
  liveMedia?: boolean;
  /** Options of that live media (e.g. FLV timestamps that start near their wrap). */
  liveMediaOptions?: LiveMediaOptions;
  /** Seed of the demo data; default 1. */
  seed?: number;
  /** Imported by the shell before the page opens (as `npm run web -- --provision FILE`). */
  provisionFile?: string;
  /** Serve this built renderer; default out/test-renderer (see ensureTestRenderer). */
  rendererDir?: string;
  /** The app path to open (the token is added); default '/'. */
  path?: string;
  /** Wait for the app root's `[data-state="ready"]`; default true. */
  waitForReady?: boolean;
  viewport?: { width: number; height: number };
  /** Echo the shell's log lines to stderr as well (they are always kept in `logs`). */
  echoLogs?: boolean;
  /** The wait after the free wrong PINs; the core's 30 s by default. */
  pinFirstWaitMs?: number;
}

export interface WebShellSession {
  /** Signed in (the token traded for the session cookie) and, unless told otherwise, ready. */
  page: Page;
  context: BrowserContext;
  browser: Browser;
  shell: WebShell;
  /** The demo platform demo:start connects to (so a test can setDown() it or read its data). */
  demo: DemoPlatform;
  /** Its live media (faults, stats), unless liveMedia was false. */
  media: LiveMedia | undefined;
  /** The shell's temporary data folder (removed by close). */
  dataDir: string;
  /** Every CSP violation so far; a test asserts it stays empty. */
  cspViolations: CspViolation[];
  /** `type: text` of every console message. */
  consoleMessages: string[];
  /** Uncaught page errors. */
  pageErrors: string[];
  /** Every URL the page requested. */
  requestedUrls: string[];
  /** The shell's log lines (redacted as in production). */
  logs: string[];
  /** Call a channel from Node with the Bearer token (set-up and checks beside the UI). */
  call<C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  /** Open another signed-in page in the same context. */
  openPage(appPath?: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Start the demo platform and the browser shell in this process (loopback, port 0, a temp data
 * folder) and open Chromium on the shell's printed URL, signed in.
 *
 * Serves out/test-renderer (built once per process when older than src/) unless told otherwise.
 */
export async function openWebShell(options: WebShellSessionOptions = {}): Promise<WebShellSession> {
  const logs: string[] = [];
  const log = createLogger('web-shell', {
    sink: (line) => {
      logs.push(line);
      if (options.echoLogs) process.stderr.write(`${line}\n`);
    },
  });
  const rendererDir = options.rendererDir ?? (await ensureTestRenderer());

  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  };
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wall-web-shell-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // DEMO_PLATFORM_ZLM=1 runs a suite against the demo's ZLMediaKit habits (as the embedded demo does).
    const zlm = process.env.DEMO_PLATFORM_ZLM === '1' ? { zlm: true } : {};
    const media =
      options.liveMedia === false
        ? undefined
        : await createLiveMedia({ ...zlm, ...options.liveMediaOptions });
    if (media) cleanups.push(() => media.close());
    const demo = await startDemoPlatform({
      seed: options.seed,
      ...(media && { media }),
      log: () => undefined,
    });
    cleanups.push(() => demo.close());
    const shell = await startWebShell({
      port: 0,
      dataDir,
      rendererDir,
      provisionFile: options.provisionFile,
      demoPlatform: demo,
      logger: log,
      ...(options.pinFirstWaitMs !== undefined && { pinFirstWaitMs: options.pinFirstWaitMs }),
    });
    cleanups.push(() => shell.close());
    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1600, height: 900 } });

    const cspViolations: CspViolation[] = [];
    const consoleMessages: string[] = [];
    const pageErrors: string[] = [];
    const requestedUrls: string[] = [];
    await context.exposeBinding('__wallReportCspViolation', (_source, violation: CspViolation) => {
      cspViolations.push(violation);
    });
    // Playwright injects init scripts outside the page's CSP, so listening cannot itself violate it.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __wallReportCspViolation(v: unknown): void })
          .__wallReportCspViolation;
        report({
          directive: e.effectiveDirective || e.violatedDirective,
          blockedURI: e.blockedURI,
          sourceFile: e.sourceFile,
          line: e.lineNumber,
          sample: e.sample,
        });
      });
    });
    context.on('request', (request) => requestedUrls.push(request.url()));
    const watch = (page: Page) => {
      page.on('console', (message) => {
        consoleMessages.push(`${message.type()}: ${message.text()}`);
        if (/Content Security Policy/i.test(message.text()))
          cspViolations.push({ directive: '(console)', blockedURI: '', sample: message.text() });
      });
      page.on('pageerror', (error) => pageErrors.push(error.message));
    };
    context.on('page', watch);

    const openPage = async (appPath = options.path ?? '/'): Promise<Page> => {
      const page = await context.newPage();
      const url = new URL(appPath, shell.origin);
      url.searchParams.set('token', shell.token);
      await page.goto(url.href);
      if (options.waitForReady !== false)
        await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor({ timeout: 30_000 });
      return page;
    };
    const page = await openPage();

    return {
      page,
      context,
      browser,
      shell,
      demo,
      media,
      dataDir,
      cspViolations,
      consoleMessages,
      pageErrors,
      requestedUrls,
      logs,
      async call(channel, input) {
        const res = await fetch(`${shell.origin}/api/${channel}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${shell.token}`,
            ...(input !== undefined && { 'content-type': 'application/json' }),
          },
          ...(input !== undefined && { body: JSON.stringify(input) }),
        });
        return (await res.json()) as Result<ChannelOutput<typeof channel>>;
      },
      openPage,
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
