import type { AppError } from '../../../electron/shared/contract';
import { words } from './words';

/**
 * What a failed send says about the project key, to show at the key field; null when the failure is
 * not about the key.
 *
 * A 404 to "add a template to project X" means the platform has no project X (the demo platform and
 * the spec's platform both answer so); a Project profile's own credentials reach only its own project.
 */
export function projectKeyProblem(error: AppError, sentKey: string, profileKey: string): string | null {
  if (error.kind === 'not-found' || error.status === 404)
    return words().t('templates:projectKey.notFound', { key: sentKey });
  if (error.kind === 'forbidden' && profileKey !== '' && sentKey !== profileKey)
    return words().t('templates:projectKey.ownOnly', { key: profileKey });
  return null;
}
