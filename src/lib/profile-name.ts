import i18next from 'i18next';
import { profileNameCode } from '../../electron/shared/profile';

/**
 * A profile's name as the reader sees it: a name the core made up (the demo platform's) in the
 * reader's language, a name the operator gave as given.
 */
export function profileName(profile: { id: string; name: string }): string {
  const code = profileNameCode(profile);
  return code === undefined ? profile.name : i18next.t(`profiles:madeName.${code}`);
}
