import { buildApi, type Api } from '../../electron/shared/contract';
import { forgetUrlToken } from './forget-url-token';
import { createHttpTransport } from './http-transport';

/**
 * The renderer's one way to the core.
 *
 * In Electron the preload has put `window.wallApi` in place (contextBridge one-liners over IPC).
 * In the browser shell there is no preload: the same Api is built over HTTP + SSE. Importing this
 * module in the browser shell also takes the one-time token out of the address bar.
 */
function createApi(): Api {
  if (window.wallApi) return window.wallApi;
  forgetUrlToken();
  return buildApi(createHttpTransport());
}

export const api: Api = createApi();
