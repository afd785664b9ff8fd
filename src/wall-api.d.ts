import type { Api } from '../electron/shared/contract';

declare global {
  interface Window {
    /** Put in place by the Electron preload (contextBridge); absent in the browser shell. */
    wallApi?: Api;
  }
}

export {};
