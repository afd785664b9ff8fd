/**
 * The Http port: what the platform client needs from the network, shaped like `fetch`.
 *
 * Tests pass a fake to prove that nothing is sent; the app passes nothing and gets the
 * runtime's own fetch (looked up at call time, so a later stub of globalThis.fetch is seen).
 */
export type Http = (url: string, init?: RequestInit) => Promise<Response>;

export const defaultHttp: Http = (url, init) => globalThis.fetch(url, init);
