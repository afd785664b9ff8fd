import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CREDENTIAL_FIELDS,
  CREDENTIAL_TYPE_LABELS,
  CredentialTypeSchema,
  type CredentialType,
} from '../shared/domain';
import type { Caller } from './caller';
import type { DemoData, DemoProject, DemoUser } from './demo-data';
import { DemoHttpError } from './media-backend';

/** Reads one credential parameter by its spec name, from wherever the request carries it. */
export type ParamLookup = (name: string) => string | undefined;

const TYPES = CredentialTypeSchema.options;

const fieldsOf = (type: CredentialType): readonly string[] => [
  ...CREDENTIAL_FIELDS[type].keys,
  ...CREDENTIAL_FIELDS[type].secrets,
];

const listOf = (names: readonly string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Compare secrets in constant time, whatever their lengths. */
function same(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const invalid = (type: CredentialType) =>
  new DemoHttpError(
    401,
    'INVALID_CREDENTIALS',
    `The ${CREDENTIAL_TYPE_LABELS[type]} credentials are not valid.`,
  );

/**
 * Checks the credentials of a request.
 *
 * Exactly one type's parameters may be present: which names are present decides the type. Messages
 * name parameters, never their values.
 */
export class Authenticator {
  private readonly users: ReadonlyMap<string, DemoUser>;
  private readonly projects: ReadonlyMap<string, DemoProject>;

  constructor(private readonly data: DemoData) {
    this.users = new Map(data.users.map((u) => [u.userKey, u]));
    this.projects = new Map(data.projects.map((p) => [p.projectKey, p]));
  }

  authenticate(lookup: ParamLookup): Caller {
    const present = TYPES.filter((type) => fieldsOf(type).some((name) => lookup(name) !== undefined));
    if (present.length === 0) {
      const options = TYPES.map((t) => `${CREDENTIAL_TYPE_LABELS[t]} (${fieldsOf(t).join(', ')})`).join('; ');
      throw new DemoHttpError(
        401,
        'CREDENTIALS_REQUIRED',
        `No credentials were sent. Send the parameters of exactly one type: ${options}.`,
      );
    }
    if (present.length > 1) {
      const labels = present.map((t) => CREDENTIAL_TYPE_LABELS[t]);
      throw new DemoHttpError(
        400,
        'AMBIGUOUS_CREDENTIALS',
        `Parameters of more than one credential type were sent (${listOf(labels)}); send exactly one type.`,
      );
    }
    const type = present[0];
    const values: Record<string, string> = {};
    const missing: string[] = [];
    for (const name of fieldsOf(type)) {
      const value = lookup(name)?.trim();
      if (value) values[name] = value;
      else missing.push(name);
    }
    if (missing.length > 0) {
      throw new DemoHttpError(
        401,
        'INCOMPLETE_CREDENTIALS',
        `${CREDENTIAL_TYPE_LABELS[type]} credentials need ${listOf(fieldsOf(type))}; missing or empty: ${listOf(missing)}.`,
      );
    }
    return this.verify(type, values);
  }

  private verify(type: CredentialType, v: Record<string, string>): Caller {
    switch (type) {
      case 'user': {
        const user = this.users.get(v.userKey);
        if (user && same(v.authKey, user.authKey) && same(v.authSecret, user.authSecret))
          return { type, user };
        break;
      }
      case 'product': {
        const expected = this.data.productSecrets.get(v.productKey);
        if (expected && same(v.queryKey, expected.queryKey) && same(v.querySecret, expected.querySecret))
          return { type, productKey: v.productKey };
        break;
      }
      case 'device': {
        const token = this.data.deviceTokens.get(v.deviceKey);
        if (token !== undefined && same(v.queryToken, token)) return { type, deviceKey: v.deviceKey };
        break;
      }
      case 'project': {
        const project = this.projects.get(v.projectKey);
        if (
          project &&
          same(v.projectAuthKey, project.projectAuthKey) &&
          same(v.projectAuthSecret, project.projectAuthSecret)
        )
          return { type, project };
        break;
      }
    }
    throw invalid(type);
  }
}
