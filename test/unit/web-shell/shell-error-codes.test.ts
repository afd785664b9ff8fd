import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../electron/shared/contract';
import { messagePage } from '../../../electron/web-shell/html-pages';
import { hasEnglishWords, zhWords } from '../../support/worded';
import { startShellFixture, type ShellFixture } from './shell-fixture';

/**
 * The browser shell's own refusals (its transport, not a channel's) carry codes too, so the page
 * words them in the operator's language; the page served before the app loads says it in both.
 */
let f: ShellFixture;
beforeAll(async () => {
  f = await startShellFixture();
});
afterAll(async () => {
  await f?.close();
});

async function refused(path: string, init: Parameters<ShellFixture['request']>[1]): Promise<AppError> {
  const res = await f.request(path, init);
  const body = JSON.parse(res.text) as { ok: false; error: AppError };
  expect(body.ok).toBe(false);
  expect(hasEnglishWords(body.error.code!), body.error.code).toBe(true);
  zhWords(body.error);
  return body.error;
}

describe('the browser shell’s transport refusals, coded', () => {
  const auth = () => ({ authorization: `Bearer ${f.shell.token}` });

  it('not signed in, another site, another origin', async () => {
    expect(await refused('/api/settings:get', { method: 'POST' })).toMatchObject({
      kind: 'auth',
      code: 'shell.notSignedIn',
    });
    expect(
      await refused('/api/settings:get', {
        method: 'POST',
        headers: { ...auth(), 'sec-fetch-site': 'cross-site' },
      }),
    ).toMatchObject({ code: 'shell.otherSite' });
    expect(
      await refused('/api/settings:get', {
        method: 'POST',
        headers: { ...auth(), origin: 'http://evil.example' },
      }),
    ).toMatchObject({ code: 'shell.otherOrigin' });
  });

  it('the wrong method, an unknown channel, a body that is not JSON', async () => {
    expect(await refused('/api/events', { method: 'POST', headers: auth() })).toMatchObject({
      code: 'shell.useGet',
    });
    expect(await refused('/api/settings:get', { method: 'GET', headers: auth() })).toMatchObject({
      code: 'shell.usePost',
      params: { channel: 'settings:get' },
    });
    expect(await refused('/api/frob:nicate', { method: 'POST', headers: auth() })).toMatchObject({
      code: 'input.unknownChannel',
      params: { channel: 'frob:nicate' },
    });
    expect(
      await refused('/api/settings:set', {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'text/plain' },
        body: '{}',
      }),
    ).toMatchObject({ code: 'shell.notJsonType' });
    expect(
      await refused('/api/settings:set', {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: '{ nope',
      }),
    ).toMatchObject({ code: 'shell.bodyNotJson' });
  });
});

describe('the sign-in page', () => {
  it('says it in English and in Chinese, each marked with its language', async () => {
    const res = await f.request('/', {});
    expect(res.status).toBe(401);
    expect(res.text).toContain('<h1>Not signed in</h1>');
    expect(res.text).toContain('<section lang="zh-CN"><h1>未登录</h1>');
  });

  it('escapes what it shows, in every language', () => {
    expect(messagePage('<b>', 'a & b', [{ lang: 'zh-CN', title: '<i>', text: '"x"' }])).toContain(
      '<section lang="zh-CN"><h1>&lt;i&gt;</h1><p>&quot;x&quot;</p></section>',
    );
  });
});
