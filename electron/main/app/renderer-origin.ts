import { APP_START_URL, isAppUrl } from './app-origin';

/** Where the window loads the renderer from, and which pages count as ours. */
export interface RendererOrigin {
  startUrl: string;
  isTrustedUrl(url: string): boolean;
}

/**
 * `app://wall/index.html` in every real run. Only an unpackaged app started by `electron-vite dev`
 * (which sets ELECTRON_RENDERER_URL) loads from the Vite dev server instead, and then trusts that
 * one origin too, so IPC and navigation keep working with hot reload.
 */
export function rendererOrigin(isPackaged: boolean, devServerUrl: string | undefined): RendererOrigin {
  if (isPackaged || !devServerUrl) return { startUrl: APP_START_URL, isTrustedUrl: isAppUrl };
  const devOrigin = new URL(devServerUrl).origin;
  return {
    startUrl: devServerUrl,
    isTrustedUrl: (url) => isAppUrl(url) || originOf(url) === devOrigin,
  };
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
