import type { DemoCredentials } from '../../electron/demo-platform/demo-data';
import type { CredentialType } from '../../electron/shared/domain';
import type { WebShellSession } from './web-shell';

/** The keys and secrets of the demo platform's working credentials of one type, as profiles:save takes them. */
export function demoProfileInput(
  c: DemoCredentials,
  credentialType: CredentialType,
): { credentialType: CredentialType; keys: Record<string, string>; secrets: Record<string, string> } {
  switch (credentialType) {
    case 'user':
      return {
        credentialType,
        keys: { userKey: c.user.userKey, authKey: c.user.authKey },
        secrets: { authSecret: c.user.authSecret },
      };
    case 'product':
      return {
        credentialType,
        keys: { productKey: c.product.productKey, queryKey: c.product.queryKey },
        secrets: { querySecret: c.product.querySecret },
      };
    case 'device':
      return {
        credentialType,
        keys: { deviceKey: c.device.deviceKey },
        secrets: { queryToken: c.device.queryToken },
      };
    case 'project':
      return {
        credentialType,
        keys: { projectKey: c.project.projectKey, projectAuthKey: c.project.projectAuthKey },
        secrets: { projectAuthSecret: c.project.projectAuthSecret },
      };
  }
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
