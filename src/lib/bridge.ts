import { buildApi, type Api } from '../../electron/shared/contract';
import { forgetUrlToken } from './forget-url-token';
import { createHttpTransport } from './http-transport';

let started: Api | null = null;

/**
 * Open the renderer's one way to the core (once; later calls return the same Api).
 *
 * In Electron the preload has put `window.wallApi` in place (contextBridge one-liners over IPC).
 * In the browser shell there is no preload: the same Api is built over HTTP + SSE, and the one-time
 * token is taken out of the address bar. The composition root calls this before the first render;
 * the first use of `api` starts it otherwise, so importing this module does nothing.
 */
export function startBridge(): Api {
  if (started) return started;
  if (window.wallApi) started = window.wallApi;
  else {
    forgetUrlToken();
    started = buildApi(createHttpTransport());
  }
  return started;
}

/** The renderer's one way to the core (see startBridge). */
export const api: Api = new Proxy({} as Api, {
  get: (_target, key) => Reflect.get(startBridge(), key),
});
