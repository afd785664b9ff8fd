import type { DemoCredentials } from '../../electron/demo-platform/demo-data';
import { CREDENTIAL_FIELDS, type CredentialType } from '../../electron/shared/domain';
import type { WebShellSession } from './web-shell';

/**
 * The keys and secrets of the demo platform's working credentials of one type, as profiles:save takes
 * them: the fields the shared table names for that type (CREDENTIAL_FIELDS), read from the demo's.
 */
export function demoProfileInput(
  c: DemoCredentials,
  credentialType: CredentialType,
): { credentialType: CredentialType; keys: Record<string, string>; secrets: Record<string, string> } {
  const demo: Record<string, string> = c[credentialType];
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, demo[name]]));
  const { keys, secrets } = CREDENTIAL_FIELDS[credentialType];
  return { credentialType, keys: pick(keys), secrets: pick(secrets) };
}

/** Save a profile of the demo's working credentials through the core; its id. */
export async function saveDemoProfile(
  s: WebShellSession,
  name: string,
  credentialType: CredentialType,
  select = false,
): Promise<string> {
  const saved = await s.call('profiles:save', {
    name,
    baseUrl: s.demo.baseUrl,
    ...demoProfileInput(s.demo.credentials, credentialType),
    select,
  });
  if (!saved.ok) throw new Error(`profile ${name} not saved: ${saved.error.message}`);
  return saved.value.id;
}
