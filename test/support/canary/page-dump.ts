import { scanText, type Leak } from './needles';

/** What one page holds: DOM, input values, storage, IndexedDB, Cache Storage, cookies. */
export interface PageDump {
  href: string;
  dom: string;
  inputs: string[];
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  indexedDb: { db: string; store: string; text: string }[];
  cacheStorage: { url: string; text: string }[];
  documentCookie: string;
  historyState: string;
}

/** Runs in the page: everything it holds, as text. Self-contained (it is serialised into the page). */
export async function dumpPage(): Promise<PageDump> {
  const toText = async (value: unknown, depth = 0): Promise<string> => {
    if (value === null || value === undefined) return String(value);
    if (typeof value === 'string') return value;
    if (typeof value !== 'object') return String(value);
    if (depth > 20) return '';
    if (value instanceof Blob) return value.text();
    if (value instanceof ArrayBuffer) return new TextDecoder().decode(value);
    if (ArrayBuffer.isView(value))
      return new TextDecoder().decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    const entries: [unknown, unknown][] =
      value instanceof Map
        ? [...value.entries()]
        : value instanceof Set
          ? [...value].map((v, i) => [i, v])
          : Object.entries(value);
    const parts: string[] = [];
    for (const [k, v] of entries) parts.push(`${await toText(k, depth + 1)}=${await toText(v, depth + 1)}`);
    return `{${parts.join(';')}}`;
  };
  const request = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
    });
  const storage = (s: Storage) => {
    const out: Record<string, string> = {};
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i)!;
      out[key] = s.getItem(key) ?? '';
    }
    return out;
  };

  const indexedDb: PageDump['indexedDb'] = [];
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    const db = await request(indexedDB.open(info.name));
    try {
      for (const store of [...db.objectStoreNames]) {
        const tx = db.transaction(store, 'readonly');
        const keys = await request(tx.objectStore(store).getAllKeys());
        const values = await request(tx.objectStore(store).getAll());
        indexedDb.push({ db: info.name, store, text: await toText({ keys, values }) });
      }
    } finally {
      db.close();
    }
  }
  const cacheStorage: PageDump['cacheStorage'] = [];
  if ('caches' in globalThis)
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys())
        cacheStorage.push({ url: req.url, text: (await (await cache.match(req))?.text()) ?? '' });
    }
  const inputs = [...document.querySelectorAll('input, textarea, select')].map(
    (el) => (el as HTMLInputElement).value,
  );
  return {
    href: location.href,
    dom: document.documentElement.outerHTML,
    inputs,
    localStorage: storage(localStorage),
    sessionStorage: storage(sessionStorage),
    indexedDb,
    cacheStorage,
    documentCookie: document.cookie,
    historyState: JSON.stringify(history.state) ?? '',
  };
}

export function scanDump(label: string, d: PageDump, found: Leak[]): void {
  scanText(`${label} location`, d.href, found);
  scanText(`${label} DOM`, d.dom, found);
  d.inputs.forEach((v, i) => scanText(`${label} input[${i}] value`, v, found));
  for (const [k, v] of Object.entries(d.localStorage)) scanText(`${label} localStorage[${k}]`, k + v, found);
  for (const [k, v] of Object.entries(d.sessionStorage))
    scanText(`${label} sessionStorage[${k}]`, k + v, found);
  for (const e of d.indexedDb) scanText(`${label} IndexedDB ${e.db}/${e.store}`, e.text, found);
  for (const e of d.cacheStorage) scanText(`${label} Cache Storage ${e.url}`, e.url + e.text, found);
  scanText(`${label} document.cookie`, d.documentCookie, found);
  scanText(`${label} history.state`, d.historyState, found);
}
