import { secretValues } from '../../shared/domain';
import { CoreError } from '../core-error';
import { redactor } from '../redact';
import { testConnection } from '../connection-tester';
import { toView, type CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

type ProfileChannels =
  'profiles:list' | 'profiles:save' | 'profiles:remove' | 'profiles:select' | 'profiles:test';

/** Connection profiles: list, save, remove, select, and the connection test. */
export function profileHandlers(ctx: CoreContext): Pick<CoreHandlers, ProfileChannels> {
  const { vault, settings, clients } = ctx;
  return {
    'profiles:list': () => ctx.views(),

    'profiles:save': async (input) => {
      const { select: selectIt, ...rest } = input;
      const saved = await vault.save(rest);
      clients.forget(saved.id);
      const { selectedProfileId } = await settings.get();
      if (selectIt || selectedProfileId === null) {
        await ctx.selectProfile(saved.id);
        await ctx.announce.settings();
      }
      await ctx.announce.profiles();
      return toView(saved, (await settings.get()).selectedProfileId);
    },

    'profiles:remove': async ({ id }) => {
      const removed = await vault.remove(id);
      if (!removed) return { removed };
      clients.forget(id);
      await ctx.history.forget(id);
      if ((await settings.get()).selectedProfileId === id) {
        await ctx.selectProfile(null);
        await ctx.announce.settings();
      }
      await ctx.announce.profiles();
      return { removed };
    },

    'profiles:select': async ({ id }) => {
      if (id !== null && !(await vault.get(id)))
        throw new CoreError(
          'invalid-input',
          `There is no connection profile "${id}".`,
          [{ path: 'id', message: 'no such profile', code: 'problem.noSuchProfile' }],
          { code: 'notFound.profile', params: { id } },
        );
      await ctx.selectProfile(id);
      await ctx.announce.settings();
      await ctx.announce.profiles();
      return id === null ? null : (await ctx.views()).find((p) => p.id === id)!;
    },

    'profiles:test': async (input) => {
      if (input && 'draft' in input) {
        const connection = await vault.credentialsForDraft(input.draft);
        // The draft's secrets are stored nowhere: redacted while the test uses them, and no longer.
        const release = redactor.hold(secretValues(connection.credentials));
        try {
          return await testConnection(connection, (c) => clients.build(c));
        } finally {
          release();
        }
      }
      const { profile } = await clients.for(input?.id);
      const result = await testConnection(await vault.connectionFor(profile.id), (c) => clients.build(c));
      // Keep what works: the saved profile sends its credentials where the platform accepted them.
      if (result.placement && result.placement !== profile.placement) {
        const { id, name, baseUrl, credentialType, keys, weakAccepted, mediaHost } = profile;
        await vault.save({
          id,
          name,
          baseUrl,
          credentialType,
          keys,
          mediaHost,
          placement: result.placement,
          acceptWeakStorage: weakAccepted,
        });
        clients.forget(id);
        await ctx.announce.profiles();
      }
      return result;
    },
  };
}
