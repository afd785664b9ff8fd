import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Evidence } from '../support/canary/evidence';
import { needles, scanFiles, type Leak } from '../support/canary/needles';
import { dumpPage, scanDump } from '../support/canary/page-dump';
import { ensureTestRenderer } from '../support/test-renderer';
import { openWebShell, type WebShellSession } from '../support/web-shell';
import { AppShellPage } from './pages/app-shell-page';

/**
 * The control of the canary tests (canary.spec.ts, canary-channels.spec.ts): their search finds
 * needles planted in each place it looks, so its finding nothing there means something.
 */

let s: WebShellSession;

beforeAll(async () => {
  s = await openWebShell({
    rendererDir: await ensureTestRenderer(),
    viewport: { width: 1600, height: 1000 },
  });
});

afterAll(async () => {
  await s?.close();
});

describe('canary search (control)', () => {
  it('(control) the search does find needles planted in each place it looks', async () => {
    const plant = {
      local: 'CANARY-control-localStorage-51e2',
      session: 'CANARY-control-sessionStorage-51e2',
      idb: 'CANARY-control-indexeddb-bytes-51e2',
      dom: 'CANARY-control-dom-51e2',
      input: 'CANARY-control-input-value-51e2',
      console: 'CANARY-control-console-51e2',
      url: 'CANARY-control-url-51e2',
      body: 'CANARY-control-response-body-51e2',
      header: 'CANARY-control-response-header-51e2',
      file: 'CANARY-control-file-base64-51e2',
    };
    for (const [k, v] of Object.entries(plant)) needles.set(`control.${k}`, v);
    const context = await s.browser.newContext();
    const control = new Evidence();
    control.attach(context);
    const dir = await mkdtemp(path.join(tmpdir(), 'canary-control-'));
    try {
      await context.route(
        (url) => url.pathname === '/control-echo',
        (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: { 'x-control': plant.header },
            body: JSON.stringify({ value: plant.body }),
          }),
      );
      const p = await context.newPage();
      await p.goto(`${s.shell.origin}/?token=${s.shell.token}`);
      await new AppShellPage(p).ready();
      await p.evaluate(async (v) => {
        localStorage.setItem('control', v.local);
        sessionStorage.setItem('control', v.session);
        const open = indexedDB.open('control-db', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('things');
        const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
        const tx = db.transaction('things', 'readwrite');
        tx.objectStore('things').put({ nested: [new TextEncoder().encode(v.idb).buffer] }, 'k');
        await new Promise((resolve) => (tx.oncomplete = resolve));
        db.close();
        const div = document.createElement('div');
        div.dataset.control = v.dom;
        document.body.append(div);
        const input = document.createElement('input');
        input.type = 'password';
        document.body.append(input);
        input.value = v.input; // a property, not an attribute: only the input-value scan sees it
        console.info('control', v.console);
        await (await fetch(`/control-echo?${new URLSearchParams({ q: v.url })}`)).text();
      }, plant);
      const dump = await p.evaluate(dumpPage);
      await control.settle();
      await writeFile(
        path.join(dir, 'blob.json'),
        JSON.stringify({ data: Buffer.from(`xx${plant.file}yy`).toString('base64') }),
      );

      const found: Leak[] = [];
      control.scan(found);
      scanDump('control page', dump, found);
      await scanFiles(dir, found);
      const hits = (name: keyof typeof plant) => found.filter((f) => f.endsWith(`: control.${name}`));
      expect(hits('local')).toEqual(['control page localStorage[control]: control.local']);
      expect(hits('session')).toEqual(['control page sessionStorage[control]: control.session']);
      expect(hits('idb')).toEqual(['control page IndexedDB control-db/things: control.idb']);
      expect(hits('dom')).toEqual(['control page DOM: control.dom']);
      expect(hits('input')).toEqual([expect.stringMatching(/^control page input\[\d+\] value: /)]);
      expect(hits('console')).toEqual(['console: control.console']);
      expect(hits('url').some((h) => h.startsWith('requested URL'))).toBe(true);
      expect(hits('body').some((h) => h.startsWith('response body'))).toBe(true);
      expect(hits('header').some((h) => h.startsWith('response headers'))).toBe(true);
      expect(hits('file')).toEqual([expect.stringMatching(/^file blob\.json \(base64@2\): /)]);
    } finally {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
