import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import {
  canPerform,
  CredentialTypeSchema,
  OperationSchema,
  refusalMessage,
  type CredentialType,
  type Operation,
} from '../../../electron/shared/domain';
import { demoRequest, validTemplate, type DemoRequest, type Params } from './demo-request';

let platform: DemoPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => {} });
});
afterAll(() => platform.close());

const creds = (type: CredentialType): Params => platform.credentials[type];
const userCreds = (index: number): Params => {
  const u = platform.data.users[index];
  return { userKey: u.userKey, authKey: u.authKey, authSecret: u.authSecret };
};

let templateCount = 0;
/** Each operation aimed at what the printed credentials can reach. */
function call(operation: Operation, credentials: Params, extra: DemoRequest = {}) {
  const c = platform.credentials;
  switch (operation) {
    case 'streamStart':
      return demoRequest(platform, `/videos/${c.device.deviceKey}/streamStart`, { credentials, ...extra });
    case 'listDevices':
      return demoRequest(platform, `/products/${c.product.productKey}/devices`, { credentials, ...extra });
    case 'listProducts':
      return demoRequest(platform, '/products', { credentials, ...extra });
    case 'createTemplate':
      return demoRequest(platform, `/archives/template/${c.project.projectKey}`, {
        method: 'POST',
        credentials,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(validTemplate(`Matrix template ${++templateCount}`)),
        ...extra,
      });
  }
}

const cases = CredentialTypeSchema.options.flatMap((type) =>
  OperationSchema.options.map((operation) => ({ type, operation, allowed: canPerform(type, operation) })),
);

describe('the per-operation matrix (spec part 5)', () => {
  it.each(cases)('$type credentials → $operation: allowed=$allowed', async ({ type, operation, allowed }) => {
    for (const placement of ['query', 'headers'] as const) {
      const answer = await call(operation, creds(type), { placement });
      if (allowed) {
        expect(answer.status, answer.text).toBe(200);
      } else {
        expect(answer.status).toBe(403);
        expect(answer.json).toEqual({ code: 'FORBIDDEN', message: refusalMessage(type, operation) });
      }
    }
  });
});

describe('credential checks', () => {
  it('refuses a request without credentials with 401, naming the parameters of each type', async () => {
    const answer = await demoRequest(platform, '/products');
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('CREDENTIALS_REQUIRED');
    for (const name of ['userKey', 'productKey', 'queryToken', 'projectAuthSecret'])
      expect(answer.json.message).toContain(name);
  });

  it('refuses parameters of two types with 400, in the query or split between query and headers', async () => {
    const both = await demoRequest(platform, '/products', {
      credentials: { ...creds('user'), ...creds('device') },
    });
    expect(both.status).toBe(400);
    expect(both.json.code).toBe('AMBIGUOUS_CREDENTIALS');
    expect(both.json.message).toMatch(/User and Device/);

    const split = await demoRequest(platform, '/products', {
      credentials: creds('user'),
      headers: { queryKey: 'anything' },
    });
    expect(split.status).toBe(400);
  });

  it.each(['authSecret', 'authKey', 'userKey'])(
    'refuses a wrong %s with 401 and does not echo it',
    async (name) => {
      const answer = await call('listProducts', { ...creds('user'), [name]: 'wrong-value-xyz' });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'The User credentials are not valid.',
      });
      expect(answer.text).not.toContain('wrong-value-xyz');
    },
  );

  it.each([
    ['product', 'querySecret'],
    ['device', 'queryToken'],
    ['project', 'projectAuthSecret'],
  ] as const)('refuses a wrong %s secret (%s) with 401', async (type, secret) => {
    const answer = await call('streamStart', { ...creds(type), [secret]: 'not-the-secret' });
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an incomplete set with 401 naming what is missing, never a value', async () => {
    const { userKey, authKey } = creds('user');
    const answer = await call('listProducts', { userKey, authKey });
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('INCOMPLETE_CREDENTIALS');
    expect(answer.json.message).toContain('authSecret');
    expect(answer.text).not.toContain(userKey);

    const empty = await call('listProducts', { ...creds('user'), authSecret: '' });
    expect(empty.status).toBe(401);
  });

  it('authenticates before the matrix: wrong device credentials on listProducts are 401, not 403', async () => {
    const answer = await call('listProducts', { ...creds('device'), queryToken: 'nope' });
    expect(answer.status).toBe(401);
  });

  it('reads credential headers whatever their case', async () => {
    const upper = Object.fromEntries(Object.entries(creds('user')).map(([k, v]) => [k.toUpperCase(), v]));
    const answer = await demoRequest(platform, '/products', { headers: upper });
    expect(answer.status).toBe(200);
    const lower = Object.fromEntries(Object.entries(creds('product')).map(([k, v]) => [k.toLowerCase(), v]));
    const devices = await demoRequest(
      platform,
      `/products/${platform.credentials.product.productKey}/devices`,
      {
        headers: lower,
      },
    );
    expect(devices.status).toBe(200);
  });
});

describe('scope of each credential type', () => {
  const bigProduct = () => platform.data.products[0];
  const otherUsersProduct = () =>
    platform.data.products.find((p) => p.userKey === platform.data.users[1].userKey)!;
  const deviceOf = (productKey: string) => platform.data.devicesByProduct.get(productKey)![0];
  const otherProject = () =>
    platform.data.projects.find((p) => p.userKey === platform.data.users[1].userKey)!;

  it('product credentials reach only their own product and its devices', async () => {
    const other = bigProduct().productKey;
    expect(other).not.toBe(platform.credentials.product.productKey);
    const list = await demoRequest(platform, `/products/${other}/devices`, { credentials: creds('product') });
    expect(list.status).toBe(403);
    expect(list.json.message).toMatch(/own product/);
    const stream = await demoRequest(platform, `/videos/${deviceOf(other).deviceKey}/streamStart`, {
      credentials: creds('product'),
    });
    expect(stream.status).toBe(403);
    const unknown = await demoRequest(platform, '/products/pk-unknown/devices', {
      credentials: creds('product'),
    });
    expect(unknown.status).toBe(403);
  });

  it('device credentials reach only their own device', async () => {
    const sibling = platform.data.devicesByProduct
      .get(platform.credentials.product.productKey)!
      .find((d) => d.deviceKey !== platform.credentials.device.deviceKey)!;
    const answer = await demoRequest(platform, `/videos/${sibling.deviceKey}/streamStart`, {
      credentials: creds('device'),
    });
    expect(answer.status).toBe(403);
    expect(answer.json.message).toMatch(/own device/);
  });

  it('user credentials reach the user’s own products, devices and projects only', async () => {
    const list = await demoRequest(platform, `/products/${otherUsersProduct().productKey}/devices`, {
      credentials: creds('user'),
    });
    expect(list.status).toBe(403);
    const stream = await demoRequest(
      platform,
      `/videos/${deviceOf(otherUsersProduct().productKey).deviceKey}/streamStart`,
      {
        credentials: creds('user'),
      },
    );
    expect(stream.status).toBe(403);
    const template = await demoRequest(platform, `/archives/template/${otherProject().projectKey}`, {
      method: 'POST',
      credentials: creds('user'),
      body: JSON.stringify(validTemplate('Not mine')),
    });
    expect(template.status).toBe(403);
    const unknown = await demoRequest(platform, '/archives/template/pj-unknown', {
      method: 'POST',
      credentials: creds('user'),
      body: JSON.stringify(validTemplate('Nowhere')),
    });
    expect(unknown.status).toBe(404);
    // The other user can use their own.
    const theirs = await demoRequest(platform, `/archives/template/${otherProject().projectKey}`, {
      method: 'POST',
      credentials: userCreds(1),
      body: JSON.stringify(validTemplate('Mine')),
    });
    expect(theirs.status).toBe(200);
  });

  it('project credentials list devices of any product of the project owner, and add templates only to their project', async () => {
    const ownersProduct = await demoRequest(platform, `/products/${bigProduct().productKey}/devices`, {
      credentials: creds('project'),
    });
    expect(ownersProduct.status).toBe(200);
    const foreign = await demoRequest(platform, `/products/${otherUsersProduct().productKey}/devices`, {
      credentials: creds('project'),
    });
    expect(foreign.status).toBe(403);
    const elsewhere = await demoRequest(platform, `/archives/template/${otherProject().projectKey}`, {
      method: 'POST',
      credentials: creds('project'),
      body: JSON.stringify(validTemplate('Elsewhere')),
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.message).toMatch(/own project/);
  });
});
