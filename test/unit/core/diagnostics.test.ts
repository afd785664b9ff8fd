import { describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import type { Diagnostics } from '../../../electron/shared/contract';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

const SECRET = 'CANARY-diagnostics-secret-51c0';
const KEY = 'user-key-not-for-tickets-77';

describe('app:diagnostics', () => {
  it('gathers versions, settings, profiles, layouts, notices and the log tail, with no secret and no key', async () => {
    const core = await createCore({
      cipher: new TestCipher(),
      store: new MemoryStore(),
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web', name: 'Control Room Wall', version: '9.9.9', platform: 'linux' },
      logTail: async () =>
        `2026-11-24T20:00:00.000Z WARN  [platform] GET /products?authSecret=${SECRET} 401\n`,
    });
    const saved = await core.call('profiles:save', {
      id: 'site-a',
      name: 'Site A',
      baseUrl: 'https://platform.example.com/tenant/7',
      credentialType: 'user',
      keys: { userKey: KEY, authKey: 'a-1' },
      secrets: { authSecret: SECRET },
    });
    expect(saved.ok).toBe(true);
    core.notify({ level: 'warning', source: 'test', message: `a notice that quotes ${SECRET} by mistake` });

    const result = await core.call('app:diagnostics', undefined);
    expect(result.ok).toBe(true);
    const { text } = (result as { value: Diagnostics }).value;
    expect(text).toContain('app 9.9.9 (web shell) on linux');
    expect(text).toContain(`node ${process.versions.node}`);
    expect(text).toContain('- site-a: user at https://platform.example.com, query');
    expect(text).toContain('authSecret set');
    expect(text).toContain('"statsOverlay"');
    expect(text).toMatch(/\[test\] a notice that quotes \[redacted\] by mistake/i);
    expect(text).toMatch(/GET \/products\?authSecret=\[redacted\] 401/i);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('/tenant/7');
  });

  it('says so when the shell keeps no log', async () => {
    const core = await createCore({
      cipher: new TestCipher(),
      store: new MemoryStore(),
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web' },
    });
    const result = await core.call('app:diagnostics', undefined);
    expect(result.ok && result.value.text).toContain('(this shell writes no log file)');
  });
});
