import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveEnginePage, type EnginePage } from '../engine-page/serve-engine-page';

export type OverviewPage = EnginePage;

/**
 * The overview test page (this folder) built with Vite and served on 127.0.0.1, the same way as the
 * engine page: the engine and its players in real Chromium, driven from the test.
 */
export function serveOverviewPage(): Promise<OverviewPage> {
  return serveEnginePage(dirname(fileURLToPath(import.meta.url)), 'overview-page');
}
