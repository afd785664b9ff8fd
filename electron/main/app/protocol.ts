import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';
import { buildCsp } from '../../shared/csp';
import { mimeType } from '../../shared/mime-types';
import { APP_HOST, APP_SCHEME } from './app-origin';

/**
 * Declare `app:` privileged. Must run before the app is ready (Electron's rule).
 *
 * standard: real origin and relative URLs; secure: a secure context (MediaSource, crypto.subtle);
 * supportFetchAPI: fetch() of our own assets; stream: media elements may stream responses.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/** Serve `app://wall/…` from the built renderer folder, after the app is ready. */
export function serveAppProtocol(rendererRoot: string, csp: string = buildCsp()): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler({ root: rendererRoot, csp }));
}

export interface AppRequestHandlerOptions {
  /** Absolute folder of the built renderer (out/renderer). */
  root: string;
  /** The Content-Security-Policy header of every response. */
  csp: string;
}

/**
 * The request handler behind `app://`, without Electron: a Fetch API Request in, a Response out.
 *
 * Only GET/HEAD of files inside `root` on host `wall`; anything that resolves outside the folder
 * (`..`, encoded slashes) is refused. Every response, errors included, carries the CSP and nosniff.
 */
export function createAppRequestHandler(
  options: AppRequestHandlerOptions,
): (request: Request) => Promise<Response> {
  const root = path.resolve(options.root);
  const baseHeaders = {
    'Content-Security-Policy': options.csp,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  };
  const refuse = (status: number, text: string): Response =>
    new Response(text, { status, headers: { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' } });

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method not allowed');
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return refuse(404, 'Not found');

    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      return refuse(400, 'Bad request');
    }
    if (relative.includes('\0')) return refuse(400, 'Bad request');
    if (relative.endsWith('/')) relative += 'index.html';

    const file = path.resolve(root, `.${path.sep}${relative}`);
    if (!file.startsWith(root + path.sep)) return refuse(403, 'Forbidden');

    try {
      if (!(await stat(file)).isFile()) return refuse(404, 'Not found');
      const body = request.method === 'HEAD' ? null : await readFile(file);
      const type = mimeType(file);
      return new Response(body, {
        status: 200,
        headers: { ...baseHeaders, 'Content-Type': type, 'Cache-Control': 'no-cache' },
      });
    } catch {
      return refuse(404, 'Not found');
    }
  };
}
