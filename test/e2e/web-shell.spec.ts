import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebShell, type WebShellSession } from '../support/web-shell';

/**
 * The real renderer in real Chromium through the browser shell: it loads signed in with zero CSP
 * violations, forgets the token, and reaches the demo platform through its own bridge.
 */
let s: WebShellSession;
/** The products the demo's User login owns (what products:list answers for it). */
const userProducts = () => s.demo.data.products.filter((p) => p.userKey === s.demo.credentials.user.userKey);
beforeAll(async () => {
  s = await openWebShell();
});
afterAll(async () => {
  await s?.close();
});

describe('browser shell in Chromium', () => {
  it('loads the renderer signed in, with the token gone from the address bar and out of reach of scripts', async () => {
    await expect(s.page.locator('[data-state="ready"]').count()).resolves.toBe(1);
    const href = await s.page.evaluate(() => window.location.href);
    expect(href).not.toContain('token');
    expect(href).not.toContain(s.shell.token);
    expect(new URL(href).origin).toBe(s.shell.origin);
    expect(await s.page.evaluate(() => document.cookie)).toBe('');
    const [cookie] = await s.context.cookies(s.shell.origin);
    expect(cookie).toMatchObject({
      name: `wall-session-${s.shell.port}`,
      httpOnly: true,
      sameSite: 'Strict',
    });

    // A reload keeps the session (cookie), though the URL no longer has the token.
    await s.page.reload();
    await s.page.locator('[data-state="ready"]').waitFor();
  });

  it('creates a demo-platform profile and lists its products through the UI', async () => {
    await s.page.getByTestId('choose-demo').click();
    await expect
      .poll(() => s.page.getByTestId('product-item').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const shown = await s.page
      .getByTestId('product-item')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-product-key')));
    const demoKeys = new Set(userProducts().map((p) => p.productKey));
    expect(shown.every((key) => key !== null && demoKeys.has(key))).toBe(true);
  });

  it('answers the page’s own same-origin calls (cookie) and streams events to its EventSource', async () => {
    const result = await s.page.evaluate(async () => {
      const events = new EventSource('/api/events');
      const changed = new Promise<unknown>((resolve) =>
        events.addEventListener('profiles:changed', (e) => resolve(JSON.parse((e as MessageEvent).data))),
      );
      await new Promise((resolve) => (events.onopen = resolve));
      const post = async (channel: string, input?: unknown) => {
        const res = await fetch(`/api/${channel}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: input === undefined ? {} : { 'Content-Type': 'application/json' },
          body: input === undefined ? undefined : JSON.stringify(input),
        });
        return res.json() as Promise<{ ok: boolean; value?: { total?: number; profile?: { id: string } } }>;
      };
      const demo = await post('demo:start');
      const products = await post('products:list', { pageSize: 5 });
      const pushed = await changed;
      events.close();
      return { demo, products, pushed };
    });
    expect(result.demo).toMatchObject({ ok: true, value: { profile: { id: 'demo-platform' } } });
    expect(result.products).toMatchObject({ ok: true, value: { total: userProducts().length } });
    expect(result.pushed).toMatchObject({ profiles: [{ id: 'demo-platform', selected: true }] });
  });

  it('refuses a forged call from another origin on the same machine (no CORS, Origin checked)', async () => {
    const before = await s.call('settings:get');
    if (!before.ok) throw new Error(before.error.message);
    const attacker = await s.context.newPage();
    try {
      // Another port of 127.0.0.1 is the same *site*, so a SameSite cookie alone would not stop it.
      await attacker.goto(`${s.demo.baseUrl}/`);
      const outcome = await attacker.evaluate(async (target) => {
        const readable = await fetch(`${target}/api/profiles:list`, {
          method: 'POST',
          credentials: 'include',
        }).then(
          () => 'read',
          () => 'blocked',
        );
        await fetch(`${target}/api/settings:set`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ statsOverlay: true, hiddenTileGraceSeconds: 3599 }),
        }).catch(() => undefined);
        return readable;
      }, s.shell.origin);
      expect(outcome).toBe('blocked');
    } finally {
      await attacker.close();
    }
    const after = await s.call('settings:get');
    expect(after).toEqual(before);
  });

  it('saw zero CSP violations and no page errors along the way', () => {
    expect(s.cspViolations).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });

  it('(control) does notice a violation: the zero above is a real zero', async () => {
    const page = await s.openPage();
    try {
      await page.evaluate(() => {
        const img = document.createElement('img');
        img.src = 'https://example.invalid/not-allowed.png';
        document.body.append(img);
        const script = document.createElement('script');
        script.textContent = 'window.__inline = true';
        document.body.append(script);
      });
      await expect
        .poll(() => s.cspViolations.map((v) => v.directive))
        .toEqual(expect.arrayContaining(['img-src', 'script-src-elem']));
      expect(await page.evaluate(() => (window as { __inline?: boolean }).__inline)).toBeUndefined();
    } finally {
      await page.close();
    }
  });
});
