import type { KioskStatus } from '../../shared/contract';
import { CoreError } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** The kiosk lock as the screen sees it (kiosk:status, and kiosk:changed through ctx.announce.kiosk). */
export async function kioskStatusOf(ctx: Pick<CoreContext, 'settings' | 'kiosk'>): Promise<KioskStatus> {
  return {
    locked: (await ctx.settings.get()).kiosk.locked,
    pinSet: await ctx.kiosk.pin.isSet(),
    unlockedUntil: ctx.kiosk.session.unlockedUntil(),
    retryAfterMs: ctx.kiosk.throttle.retryAfterMs(),
  };
}

/** The kiosk lock as the screen sees it, and the administrator's unlock with the admin PIN. */
export function kioskHandlers(
  ctx: CoreContext,
): Pick<CoreHandlers, 'kiosk:status' | 'kiosk:unlock' | 'kiosk:lock'> {
  const { kiosk } = ctx;
  const status = () => kioskStatusOf(ctx);
  const changed = async (): Promise<KioskStatus> => {
    const now = await status();
    ctx.events.emit('kiosk:changed', now);
    return now;
  };
  const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`;

  return {
    'kiosk:status': status,

    'kiosk:unlock': async ({ pin }) => {
      // Counted as a failure now, before any await: parallel guesses each see the ones before them.
      const wait = kiosk.throttle.admit();
      if (wait > 0) {
        // The wait as measured now goes with the refusal, so a screen that missed one counts down from it.
        await changed();
        throw new CoreError('locked', `Too many wrong PINs: try again in ${seconds(wait)}.`, undefined, {
          code: 'kiosk.pin.tooMany',
          params: { seconds: Math.ceil(wait / 1000) },
        });
      }
      if (!(await kiosk.pin.isSet()))
        throw new CoreError(
          'locked',
          'No admin PIN is set for this kiosk, so it cannot be unlocked here. Set kiosk.adminPin in a provisioning file.',
          undefined,
          { code: 'kiosk.pin.notSet' },
        );
      if (!(await kiosk.pin.verify(pin))) {
        const next = kiosk.throttle.retryAfterMs();
        ctx.log.warn('a wrong admin PIN was entered');
        await changed();
        throw new CoreError(
          'locked',
          `Wrong PIN.${next > 0 ? ` Try again in ${seconds(next)}.` : ''}`,
          [{ path: 'pin', message: 'wrong PIN', code: 'kiosk.pin.wrong' }],
          next > 0
            ? { code: 'kiosk.pin.wrongWait', params: { seconds: Math.ceil(next / 1000) } }
            : { code: 'kiosk.pin.wrong' },
        );
      }
      kiosk.throttle.succeeded();
      kiosk.session.unlock();
      ctx.log.info('the kiosk was unlocked with the admin PIN');
      return changed();
    },

    'kiosk:lock': async () => {
      kiosk.session.lock();
      return changed();
    },
  };
}
