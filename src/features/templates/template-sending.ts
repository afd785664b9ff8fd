import type { AppError } from '../../../electron/shared/contract';
import { api } from '../../lib/bridge';
import { plainError } from '../../lib/plain-error';
import { checkDraft } from './check-draft';
import { uniqueKeys, type KnownProjectKeys } from './known-project-keys';
import { placeProblems } from './place-problems';
import { projectKeyProblem } from './project-key-problem';
import { blankDraft } from './template-draft';
import { words } from './words';
import type { GetFormState, SetFormState } from './template-form-state';

/** The kinds of failure the form has its own title for; any other is "The template was not created". */
const TITLED_KINDS = [
  'auth',
  'forbidden',
  'not-found',
  'invalid-request',
  'invalid-input',
  'network',
  'timeout',
  'server',
  'not-configured',
  'locked',
] as const satisfies readonly AppError['kind'][];

function serverTitle(kind: AppError['kind']): string {
  const titled = (TITLED_KINDS as readonly string[]).includes(kind);
  return words().t(`templates:server.${titled ? (kind as (typeof TITLED_KINDS)[number]) : 'other'}`);
}

/**
 * The form's send action: validate, send, and either start a new draft (remembering the key that
 * worked) or put the platform's answer at its fields and at the top. True when the template was created.
 */
export function createSend(
  set: SetFormState,
  get: GetFormState,
  projectKeys: KnownProjectKeys,
): () => Promise<boolean> {
  return async function send() {
    const s = get();
    if (s.sending) return false;
    const check = checkDraft(s.draft);
    if (check.problems.length > 0) {
      set({ revealAll: true });
      return false;
    }
    const sent = s.draft;
    set({ sending: true, top: [], result: null });
    const answer = await api.templates.create({
      ...(s.profileId !== null && { profileId: s.profileId }),
      projectKey: check.projectKey,
      template: check.dto,
    });
    if (answer.ok) {
      // Typed on while it was sending? Then that work is not what was sent: keep it.
      const unchanged = get().draft === sent;
      const profileId = s.profileId;
      // The key worked: offer it again, and keep it in the form for the next template.
      const knownKeys = uniqueKeys([check.projectKey, ...get().knownKeys]);
      set({
        sending: false,
        result: answer.value,
        knownKeys,
        announcement: words().t('templates:store.created', {
          name: answer.value.templateName,
          id: answer.value.templateId,
        }),
        ...(unchanged && {
          draft: blankDraft(check.projectKey),
          touched: {},
          revealAll: false,
          external: {},
          lastRemoved: null,
        }),
      });
      void projectKeys.remember(profileId, knownKeys, check.projectKey);
      if (unchanged) await get().saveDraftNow();
      void get().loadHistory();
      return true;
    }
    const { error } = answer;
    const { external, unplaced } = placeProblems(error.details ?? [], get().draft);
    const keyProblem = projectKeyProblem(error, check.projectKey, s.defaultProjectKey);
    if (keyProblem !== null && !(external.projectKey ?? []).some((p) => p.message === keyProblem))
      external.projectKey = [{ message: keyProblem }, ...(external.projectKey ?? [])];
    set({
      sending: false,
      revealAll: true,
      external,
      top: [
        {
          source: 'server',
          title: error.kind === 'not-found' && keyProblem !== null ? keyProblem : serverTitle(error.kind),
          message: error.message,
          error,
          status: error.status,
          details: unplaced,
        },
      ],
      announcement: words().t('templates:store.notSent', { reason: keyProblem ?? plainError(error).message }),
    });
    return false;
  };
}
