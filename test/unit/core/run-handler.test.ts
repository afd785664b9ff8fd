import { describe, expect, it } from 'vitest';
import { CoreError } from '../../../electron/core/core-error';
import { PlatformError } from '../../../electron/core/platform-error';
import { redactor } from '../../../electron/core/redact';
import { runHandler, toResult, type CoreHandlers } from '../../../electron/core/run-handler';

const SECRET = 'CANARY-run-handler-4c2e';

/** Handlers for the channels a test calls; the others must not be reached. */
const handlers = (partial: Partial<CoreHandlers>) => partial as CoreHandlers;

describe('toResult and runHandler', () => {
  it('keeps the kind of typed errors and reads anything else as internal, redacted', () => {
    expect(
      toResult(
        new CoreError('vault', 'refused', [{ path: 'secrets.authSecret', message: 'required' }], {
          code: 'vault.cannotSave',
          params: { count: 1 },
        }),
      ),
    ).toEqual({
      ok: false,
      error: {
        kind: 'vault',
        message: 'refused',
        details: [{ path: 'secrets.authSecret', message: 'required' }],
        code: 'vault.cannotSave',
        params: { count: 1 },
      },
    });
    expect(toResult(new PlatformError('auth', 'no', { status: 401 }))).toEqual({
      ok: false,
      // The platform's own words, kept for the renderer to show as sent, marked as the platform's.
      error: {
        kind: 'auth',
        message: 'no',
        status: 401,
        code: 'platform.answered',
        params: { status: 401, platformMessage: 'no' },
      },
    });
    redactor.add(SECRET);
    const internal = toResult(new Error(`boom near ${SECRET}`));
    expect(internal.error.kind).toBe('internal');
    expect(internal.error.message).toContain('boom near');
    expect(internal.error.message).not.toContain(SECRET);
  });

  it('validates the input before the handler runs, naming each bad field', async () => {
    let ran = false;
    const result = await runHandler(
      handlers({
        'streams:start': async () => {
          ran = true;
          throw new Error('unreachable');
        },
      }),
      'streams:start',
      { deviceKey: '', sipId: 5 },
    );
    expect(ran).toBe(false);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('invalid-input');
    expect(!result.ok && result.error.details?.map((d) => d.path)).toEqual(['deviceKey', 'sipId']);
  });

  it('parses the output on its way out: extra fields are dropped, a wrong shape is an internal error', async () => {
    const view = {
      id: 'p',
      name: 'P',
      baseUrl: 'http://x',
      placement: 'query' as const,
      credentialType: 'device' as const,
      keys: { deviceKey: 'd' },
      secrets: { queryToken: { configured: true } },
      storageTier: 'strong' as const,
      selected: false,
    };
    const leaky = await runHandler(
      handlers({ 'profiles:list': async () => [{ ...view, queryToken: SECRET }] }),
      'profiles:list',
      undefined,
    );
    expect(leaky).toEqual({ ok: true, value: [view] });
    const wrong = await runHandler(
      handlers({ 'settings:get': async () => ({ nope: true }) as never }),
      'settings:get',
      undefined,
    );
    expect(wrong).toEqual({
      ok: false,
      error: {
        kind: 'internal',
        message: 'The app produced an invalid answer for settings:get.',
        code: 'internal.invalidAnswer',
        params: { channel: 'settings:get' },
      },
    });
    expect(await runHandler(handlers({}), 'no:such' as 'app:info', undefined)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
  });
});
