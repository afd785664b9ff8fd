import { validateTemplate } from '../../shared/domain';
import { CoreError, summarizeProblems } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** Archive templates: create on the platform (after the shared rule book), and the local history. */
export function templateHandlers(
  ctx: CoreContext,
): Pick<CoreHandlers, 'templates:create' | 'templates:history'> {
  return {
    'templates:create': async (input) => {
      const { profile, client } = await ctx.clients.for(input.profileId);
      const projectKey =
        input.projectKey ?? (profile.credentialType === 'project' ? profile.keys.projectKey : undefined);
      const checked = validateTemplate(input.template);
      const problems = [
        ...(projectKey
          ? []
          : [
              {
                path: 'projectKey',
                message: 'required: the project to add the template to',
                code: 'template.projectKeyRequired',
              },
            ]),
        ...(checked.ok ? [] : checked.problems),
      ];
      if (problems.length || !checked.ok || !projectKey)
        throw new CoreError(
          'invalid-input',
          `The template cannot be added: ${summarizeProblems(problems)}`,
          problems,
          // Worded as bad input is: each problem from its code.
          { code: 'input.invalid', params: { count: problems.length } },
        );
      const result = await client.createTemplate(projectKey, checked.value);
      const entry = {
        profileId: profile.id,
        projectKey,
        templateId: result.templateId,
        templateName: result.templateName,
        createdAt: ctx.clock.now(),
        template: checked.value,
      };
      try {
        await ctx.history.record(entry);
        ctx.events.emit('templates:created', { entry });
      } catch (e) {
        // The template exists on the platform: losing the local record must not report a failure.
        ctx.notify({
          level: 'warning',
          source: 'template-history',
          message: `Template "${result.templateName}" was added, but the local history could not be saved: ${(e as Error).message}`,
        });
      }
      return result;
    },

    'templates:history': async (input) => {
      const profile = await ctx.clients.resolve(input?.profileId);
      return ctx.history.list(profile.id);
    },
  };
}
