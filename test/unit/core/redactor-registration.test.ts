import { beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { CredentialVault } from '../../../electron/core/credential-vault';
import { createLogger } from '../../../electron/core/logger';
import { REDACTED, redactor } from '../../../electron/core/redact';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

/**
 * The process-wide redactor hides what is stored, and only that: a draft someone tests (saved
 * nowhere) cannot make it hide words or hold memory, a refused save registers nothing, and a
 * replaced or removed secret is let go.
 */
let core: Core;
let lines: string[];

beforeEach(async () => {
  lines = [];
  core = await createCore({
    cipher: new TestCipher(),
    store: new MemoryStore(),
    logger: createLogger('core', { sink: (l) => lines.push(l) }),
    app: { shell: 'web' },
  });
});

/** A platform nobody answers on: the test fails fast, having built its client with the draft's secrets. */
const draft = (authSecret: string) => ({
  name: 'Draft',
  baseUrl: 'http://127.0.0.1:9',
  credentialType: 'user' as const,
  keys: { userKey: 'u', authKey: 'a' },
  secrets: { authSecret },
});

describe('the redactor and the vault', () => {
  it('does not let a tested draft hide words in later lines', async () => {
    const tested = await core.call('profiles:test', { draft: draft('failed') });
    expect(tested.ok).toBe(true);
    const log = createLogger('wall', { sink: (l) => lines.push(l) });
    log.warn('the stream failed, then recovered');
    expect(lines.at(-1)).toContain('the stream failed, then recovered');
    expect(redactor.redact('it failed')).toBe('it failed');
  });

  it('lets a tested draft’s secret go when the test ends', async () => {
    const tested = await core.call('profiles:test', { draft: draft('CANARY-draft-9e8d') });
    expect(tested.ok).toBe(true);
    expect(redactor.redact('x CANARY-draft-9e8d')).toBe('x CANARY-draft-9e8d');
  });

  it('holds bounded memory after many drafts with huge secrets', async () => {
    for (let i = 0; i < 30; i++)
      await core.call('profiles:test', { draft: draft(`${i}-${'s'.repeat(800_000)}`) });
    expect(redactor.size().chars).toBeLessThan(3_000_000);
  });

  it('registers a secret only once it is stored, and lets it go when replaced or removed', async () => {
    const failing = new MemoryStore();
    failing.set = () => Promise.reject(new Error('ENOSPC: no space left on device'));
    const vault = new CredentialVault({
      store: failing,
      cipher: new TestCipher(),
      onNotice: () => undefined,
    });
    await expect(
      vault.save({ ...draft('CANARY-unsaved-771'), baseUrl: 'https://p.example.com' }),
    ).rejects.toThrow();
    expect(redactor.redact('x CANARY-unsaved-771')).toBe('x CANARY-unsaved-771');

    const first = await core.call('profiles:save', { ...draft('CANARY-first-1a2b'), id: 'site' });
    expect(first.ok).toBe(true);
    expect(redactor.redact('x CANARY-first-1a2b')).toBe(`x ${REDACTED}`);
    const second = await core.call('profiles:save', { ...draft('CANARY-second-3c4d'), id: 'site' });
    expect(second.ok).toBe(true);
    expect(redactor.redact('x CANARY-first-1a2b')).toBe('x CANARY-first-1a2b');
    expect(redactor.redact('x CANARY-second-3c4d')).toBe(`x ${REDACTED}`);
    expect((await core.call('profiles:remove', { id: 'site' })).ok).toBe(true);
    expect(redactor.redact('x CANARY-second-3c4d')).toBe('x CANARY-second-3c4d');
  });
});
