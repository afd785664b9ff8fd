import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

/**
 * A stored secret is bound to where it goes: the platform's address, its keys, and the media host its
 * stream addresses (which carry the platform's `secret=`) are sent to. Asked through the core, as any
 * caller of the API would.
 */
let platform: DemoPlatform;
let core: Core;
let store: MemoryStore;
const CAPTURE = '127.0.0.1:9';

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
});
afterAll(async () => {
  await platform?.close();
});
beforeEach(async () => {
  store = new MemoryStore();
  core = await createCore({
    cipher: new TestCipher(),
    store,
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
  });
  const saved = await core.call('profiles:save', { ...device(), secrets: { queryToken: token() } });
  expect(saved.ok).toBe(true);
});

const token = () => platform.credentials.device.queryToken;
const device = () => ({
  id: 'site',
  name: 'Site',
  baseUrl: platform.baseUrl,
  credentialType: 'device' as const,
  keys: { deviceKey: platform.credentials.device.deviceKey },
});
const stored = () => store.values.get('profiles');

describe('a media host is bound like a secret', () => {
  it('refuses to point the streams of a saved profile elsewhere without its secret, and says why', async () => {
    const before = stored();
    const moved = await core.call('profiles:save', { ...device(), mediaHost: { http: CAPTURE } });
    expect(moved).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid-input',
        details: [
          {
            path: 'secrets.queryToken',
            message: expect.stringMatching(
              new RegExp(
                `^queryToken is required again: the http media host changed \\(from none to ${CAPTURE}\\)`,
              ),
            ),
          },
        ],
      },
    });
    expect(stored()).toBe(before);
    // The wall's streams still go where the platform says, not to the capture host.
    const playback = await core.call('streams:start', { deviceKey: platform.credentials.device.deviceKey });
    expect(playback.ok).toBe(true);
    expect(JSON.stringify(playback)).not.toContain(CAPTURE);
  });

  it('refuses the same for a draft under test', async () => {
    const tested = await core.call('profiles:test', {
      draft: { ...device(), mediaHost: { https: CAPTURE } },
    });
    expect(tested).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', details: [{ path: 'secrets.queryToken' }] },
    });
  });

  it('takes the new media host with the secret typed again, and keeps it on later edits', async () => {
    const typed = await core.call('profiles:save', {
      ...device(),
      mediaHost: { http: CAPTURE },
      secrets: { queryToken: token() },
    });
    expect(typed).toMatchObject({ ok: true, value: { mediaHost: { http: CAPTURE } } });
    const renamed = await core.call('profiles:save', {
      ...device(),
      name: 'Site, renamed',
      mediaHost: { http: CAPTURE },
    });
    expect(renamed.ok).toBe(true);
    // Removing the override sends streams where the platform says: no secret needed for that.
    const removed = await core.call('profiles:save', device());
    expect(removed.ok && removed.value.mediaHost).toBeFalsy();
  });

  it('names the field and never shows a redaction marker in its message', async () => {
    const moved = await core.call('profiles:save', { ...device(), baseUrl: 'http://127.0.0.1:1' });
    expect(moved.ok).toBe(false);
    if (moved.ok) return;
    expect(moved.error.message).toMatch(/queryToken is required again: the platform address changed/);
    expect(moved.error.message).not.toContain('[REDACTED]');
    for (const d of moved.error.details ?? []) expect(d.message).not.toContain('[REDACTED]');
  });
});
