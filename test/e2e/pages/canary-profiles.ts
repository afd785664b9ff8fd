import type { DemoCredentials } from '../../../electron/demo-platform/demo-data';
import type { CredentialType } from '../../../electron/shared/domain';
import { CANARY } from '../../support/canary/needles';
import { demoProfileInput } from '../../support/demo-profiles';

/**
 * The profiles both canary specs store (canary.spec.ts types them into the UI, canary-channels.spec.ts
 * saves them through the core): one of each credential type with a canary secret the platform
 * refuses, and three with the demo's real secrets, which work. Placements alternate so both the
 * query and the headers path carry a needle.
 */
export interface CanaryProfile {
  name: string;
  credentialType: CredentialType;
  placement: 'query' | 'headers';
  keys: Record<string, string>;
  secrets: Record<string, string>;
}

/** A canary profile and the canary its secret is rotated to when the operator edits it. */
interface RotatedCanaryProfile extends CanaryProfile {
  rotated: Record<string, string>;
}

/** Canary User, Product, Device and Project: every call made with them fails with an auth error. */
export function canaryProfiles(c: DemoCredentials): RotatedCanaryProfile[] {
  return [
    {
      name: 'Canary User',
      credentialType: 'user',
      placement: 'query',
      keys: { userKey: c.user.userKey, authKey: c.user.authKey },
      secrets: { authSecret: CANARY.user },
      rotated: { authSecret: CANARY.userRotated },
    },
    {
      name: 'Canary Product',
      credentialType: 'product',
      placement: 'headers',
      keys: { productKey: c.product.productKey, queryKey: c.product.queryKey },
      secrets: { querySecret: CANARY.product },
      rotated: { querySecret: CANARY.productRotated },
    },
    {
      name: 'Canary Device',
      credentialType: 'device',
      placement: 'query',
      keys: { deviceKey: c.device.deviceKey },
      secrets: { queryToken: CANARY.device },
      rotated: { queryToken: CANARY.deviceRotated },
    },
    {
      name: 'Canary Project',
      credentialType: 'project',
      placement: 'headers',
      keys: { projectKey: c.project.projectKey, projectAuthKey: c.project.projectAuthKey },
      secrets: { projectAuthSecret: CANARY.project },
      rotated: { projectAuthSecret: CANARY.projectRotated },
    },
  ];
}

/** Real Product, Device and Project: the demo's working secrets, which must not reach the renderer either. */
export function realProfiles(c: DemoCredentials): CanaryProfile[] {
  return [
    { name: 'Real Product', placement: 'query', ...demoProfileInput(c, 'product') },
    { name: 'Real Device', placement: 'headers', ...demoProfileInput(c, 'device') },
    { name: 'Real Project', placement: 'query', ...demoProfileInput(c, 'project') },
  ];
}
