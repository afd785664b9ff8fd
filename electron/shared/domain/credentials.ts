import { z } from 'zod';
import { LIMITS, plainText } from '../limits';

/**
 * The four credential types of the platform (spec part 5).
 *
 * The field lists and the per-operation matrix are data, so the client, the demo platform and the
 * renderer all read the same table instead of repeating ifs.
 */
export const CredentialTypeSchema = z.enum(['user', 'product', 'device', 'project']);
export type CredentialType = z.infer<typeof CredentialTypeSchema>;

export const OperationSchema = z.enum(['streamStart', 'listDevices', 'listProducts', 'createTemplate']);
export type Operation = z.infer<typeof OperationSchema>;

/** Per type: the non-secret keys and the secrets, in the spec's order and spelling. */
export const CREDENTIAL_FIELDS = {
  user: { keys: ['userKey', 'authKey'], secrets: ['authSecret'] },
  product: { keys: ['productKey', 'queryKey'], secrets: ['querySecret'] },
  device: { keys: ['deviceKey'], secrets: ['queryToken'] },
  project: { keys: ['projectKey', 'projectAuthKey'], secrets: ['projectAuthSecret'] },
} as const satisfies Record<CredentialType, { keys: readonly string[]; secrets: readonly string[] }>;

/** Every secret field name of every type: what redaction must never let through. */
export const SECRET_FIELD_NAMES = ['authSecret', 'querySecret', 'queryToken', 'projectAuthSecret'] as const;

export const CREDENTIAL_TYPE_LABELS: Record<CredentialType, string> = {
  user: 'User',
  product: 'Product',
  device: 'Device',
  project: 'Project',
};

const OPERATION_LABELS: Record<Operation, string> = {
  streamStart: 'start a live stream',
  listDevices: 'list the devices of a product',
  listProducts: 'list own products',
  createTemplate: 'add an archive template',
};

/** Spec part 5: which credential type may call which operation. */
export const OPERATION_MATRIX: Record<Operation, readonly CredentialType[]> = {
  streamStart: ['user', 'product', 'device', 'project'],
  listDevices: ['user', 'product', 'project'],
  listProducts: ['user'],
  createTemplate: ['user', 'project'],
};

export function canPerform(type: CredentialType, operation: Operation): boolean {
  return OPERATION_MATRIX[operation].includes(type);
}

export function operationsOf(type: CredentialType): Operation[] {
  return OperationSchema.options.filter((op) => canPerform(type, op));
}

/** "Only User or Project credentials can add an archive template." */
export function refusalMessage(type: CredentialType, operation: Operation): string {
  const allowed = OPERATION_MATRIX[operation].map((t) => CREDENTIAL_TYPE_LABELS[t]);
  const list = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
  return `${CREDENTIAL_TYPE_LABELS[type]} credentials cannot ${OPERATION_LABELS[operation]}; only ${list} credentials can.`;
}

/** A key (an id the platform gave) or a secret: required, bounded, no control or bidirectional characters. */
const field = (name: string, max: number = LIMITS.credentialKey) =>
  plainText(max, { trim: true, required: `${name} is required` });

export const UserCredentialsSchema = z.object({
  type: z.literal('user'),
  userKey: field('userKey'),
  authKey: field('authKey'),
  authSecret: field('authSecret', LIMITS.secret),
});
export const ProductCredentialsSchema = z.object({
  type: z.literal('product'),
  productKey: field('productKey'),
  queryKey: field('queryKey'),
  querySecret: field('querySecret', LIMITS.secret),
});
export const DeviceCredentialsSchema = z.object({
  type: z.literal('device'),
  deviceKey: field('deviceKey'),
  queryToken: field('queryToken', LIMITS.secret),
});
export const ProjectCredentialsSchema = z.object({
  type: z.literal('project'),
  projectKey: field('projectKey'),
  projectAuthKey: field('projectAuthKey'),
  projectAuthSecret: field('projectAuthSecret', LIMITS.secret),
});

/** A complete credential set, secrets included. Lives only in main or the browser shell's server. */
export const CredentialsSchema = z.discriminatedUnion('type', [
  UserCredentialsSchema,
  ProductCredentialsSchema,
  DeviceCredentialsSchema,
  ProjectCredentialsSchema,
]);
export type Credentials = z.infer<typeof CredentialsSchema>;

/** Where credentials travel: query parameters (default) or headers with the same names. */
export const PlacementSchema = z.enum(['query', 'headers']);
export type Placement = z.infer<typeof PlacementSchema>;

/** The parameters of one credential set as name/value pairs, in the spec's order. */
export function credentialParams(credentials: Credentials): [string, string][] {
  const { keys, secrets } = CREDENTIAL_FIELDS[credentials.type];
  const record = credentials as unknown as Record<string, string>;
  return [...keys, ...secrets].map((name) => [name, record[name]]);
}

/** The secret values of a credential set (for redaction). */
export function secretValues(credentials: Credentials): string[] {
  const record = credentials as unknown as Record<string, string>;
  return CREDENTIAL_FIELDS[credentials.type].secrets.map((name) => record[name]).filter(Boolean);
}
