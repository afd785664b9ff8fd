import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProvisioningFileSchema } from '../../../electron/shared/provisioning';

/**
 * The JSON Schema in resources/ and the zod schema must describe the same file.
 *
 * Checked two ways, without a JSON Schema library: their structure (every object's properties,
 * required keys, enums and constants) is compared with zod's own JSON Schema export, and sample
 * files, valid and invalid, must get the same verdict from zod and from a small validator of the
 * JSON Schema keywords the file uses.
 */
type Schema = Record<string, unknown>;
const fileSchema = JSON.parse(
  readFileSync(new URL('../../../resources/provisioning.schema.json', import.meta.url), 'utf8'),
) as Schema;
const zodSchema = z.toJSONSchema(ProvisioningFileSchema, { io: 'input', unrepresentable: 'any' }) as Schema;

function resolve(root: Schema, node: Schema): Schema {
  let n = node;
  while (typeof n.$ref === 'string') {
    const path = n.$ref.replace(/^#\//, '').split('/');
    n = path.reduce<Schema>((at, key) => at[key] as Schema, root);
  }
  return n;
}

/** Every object node: its path, sorted property names and required keys; plus enums and consts. */
function outline(
  root: Schema,
  node: Schema,
  path = '$',
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  const n = resolve(root, node);
  if (n.properties) {
    const props = n.properties as Record<string, Schema>;
    out[path] = {
      properties: Object.keys(props).sort(),
      required: [...((n.required as string[]) ?? [])].sort(),
      closed: n.additionalProperties === false,
    };
    for (const [key, child] of Object.entries(props)) outline(root, child, `${path}.${key}`, out);
  }
  if (n.items) outline(root, n.items as Schema, `${path}[]`, out);
  // zod writes a plain union as anyOf, a discriminated one as oneOf; the file says oneOf for both
  // (its alternatives never overlap), so both count as the same alternatives here.
  const alternatives = (n.oneOf ?? n.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives))
    alternatives.forEach((child, i) => outline(root, child as Schema, `${path}|${i}`, out));
  if (n.enum) out[`${path}#enum`] = [...(n.enum as unknown[])].sort();
  // The limits the app checks before any work (electron/shared/limits.ts): an integrator's editor warns of them too.
  for (const limit of ['maxItems', 'maxLength', 'maximum'])
    if (n[limit] !== undefined) out[`${path}#${limit}`] = n[limit];
  if (n.const !== undefined) out[`${path}#const`] = n.const;
  return out;
}

/** A validator for the keywords resources/provisioning.schema.json uses; returns failing paths. */
function validate(root: Schema, node: Schema, value: unknown, path = '$'): string[] {
  const s = resolve(root, node);
  const errors: string[] = [];
  const fail = (why: string) => errors.push(`${path}: ${why}`);
  const type = s.type as string | undefined;
  if (type) {
    const ok =
      (type === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) ||
      (type === 'array' && Array.isArray(value)) ||
      (type === 'string' && typeof value === 'string') ||
      (type === 'boolean' && typeof value === 'boolean') ||
      (type === 'number' && typeof value === 'number') ||
      (type === 'integer' && Number.isInteger(value));
    if (!ok) return [`${path}: not ${type}`];
  }
  if (s.const !== undefined && value !== s.const) fail('const');
  if (s.enum && !(s.enum as unknown[]).includes(value)) fail('enum');
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && value.length < s.minLength) fail('minLength');
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) fail('maxLength');
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) fail('pattern');
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) fail('minimum');
    if (typeof s.maximum === 'number' && value > s.maximum) fail('maximum');
  }
  if (Array.isArray(value)) {
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) fail('maxItems');
    if (s.items)
      value.forEach((item, i) => errors.push(...validate(root, s.items as Schema, item, `${path}[${i}]`)));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const rec = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const key of (s.required as string[]) ?? []) if (!(key in rec)) fail(`required ${key}`);
    for (const [key, v] of Object.entries(rec)) {
      if (props[key]) errors.push(...validate(root, props[key], v, `${path}.${key}`));
      else if (s.additionalProperties === false) fail(`additional ${key}`);
    }
  }
  if (Array.isArray(s.oneOf)) {
    const passing = s.oneOf.filter(
      (option) => validate(root, option as Schema, value, path).length === 0,
    ).length;
    if (passing !== 1) fail(`oneOf matched ${passing}`);
  }
  if (s.if && validate(root, s.if as Schema, value, path).length === 0 && s.then)
    errors.push(...validate(root, s.then as Schema, value, path));
  return errors;
}

const valid = {
  version: 1,
  profiles: [
    {
      id: 'site-a',
      name: 'Site A',
      baseUrl: 'https://platform.example.com/api',
      placement: 'headers',
      credentials: { type: 'user', userKey: 'u', authKey: 'k', authSecret: 's' },
    },
    {
      id: 'cam-1',
      name: 'One camera',
      baseUrl: 'http://10.0.0.2:8080',
      credentials: { type: 'device', deviceKey: 'd', queryToken: 't' },
    },
  ],
  layouts: [
    {
      id: 'lobby',
      name: 'Lobby',
      profile: 'site-a',
      grid: { columns: 2, rows: 2 },
      tiles: [
        { deviceKey: 'd1', column: 1, row: 1, columnSpan: 2 },
        { deviceKey: 'd2', sipId: '3402', channelId: '1' },
      ],
    },
  ],
  kiosk: { enabled: true, startLayout: 'lobby', locked: true },
  room: {
    brokerUrl: 'mqtts://broker.example:8883',
    username: 'wall-pc-1',
    password: 'room-password',
    pcName: 'wall-pc-1',
    screens: [{ name: 'wall-left', display: 1 }, { name: 'wall-right', display: 2 }],
    root: 'control-room-wall/v1',
    hostedBroker: { enabled: false },
  },
  settings: { language: 'zh-CN' },
  selectedProfile: 'site-a',
};

const clone = () => structuredClone(valid) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const invalid: [string, () => unknown][] = [
  ['no version', () => ({ ...clone(), version: undefined })],
  ['version 2', () => ({ ...clone(), version: 2 })],
  ['an unknown top-level key', () => ({ ...clone(), extra: true })],
  [
    'a profile without credentials',
    () => {
      const f = clone();
      delete f.profiles[0].credentials;
      return f;
    },
  ],
  [
    'a user without authSecret',
    () => {
      const f = clone();
      delete f.profiles[0].credentials.authSecret;
      return f;
    },
  ],
  [
    'an unknown credential type',
    () => {
      const f = clone();
      f.profiles[1].credentials.type = 'admin';
      return f;
    },
  ],
  [
    'a secret of another type',
    () => {
      const f = clone();
      f.profiles[1].credentials.querySecret = 'x';
      return f;
    },
  ],
  [
    'a bad placement',
    () => {
      const f = clone();
      f.profiles[0].placement = 'body';
      return f;
    },
  ],
  [
    'a bad id',
    () => {
      const f = clone();
      f.profiles[0].id = 'has space';
      return f;
    },
  ],
  [
    'an ftp base URL',
    () => {
      const f = clone();
      f.profiles[0].baseUrl = 'ftp://x';
      return f;
    },
  ],
  [
    'a grid of 9 columns',
    () => {
      const f = clone();
      f.layouts[0].grid.columns = 9;
      return f;
    },
  ],
  [
    'a fractional row',
    () => {
      const f = clone();
      f.layouts[0].tiles[0].row = 1.5;
      return f;
    },
  ],
  [
    'a tile without device',
    () => {
      const f = clone();
      delete f.layouts[0].tiles[1].deviceKey;
      return f;
    },
  ],
  [
    'a layout without tiles',
    () => {
      const f = clone();
      delete f.layouts[0].tiles;
      return f;
    },
  ],
  [
    'kiosk enabled without a start layout',
    () => {
      const f = clone();
      delete f.kiosk.startLayout;
      return f;
    },
  ],
  ['a language the app does not speak', () => ({ ...clone(), settings: { language: 'fr' } })],
  ['an unknown setting', () => ({ ...clone(), settings: { theme: 'dark' } })],
  [
    'an unknown key in the room',
    () => {
      const f = clone();
      f.room.brokerHost = 'x';
      return f;
    },
  ],
  [
    'an http broker URL',
    () => {
      const f = clone();
      f.room.brokerUrl = 'http://broker.example';
      return f;
    },
  ],
  [
    'a screen name with a topic wildcard',
    () => {
      const f = clone();
      f.room.screens[0].name = 'wall/+';
      return f;
    },
  ],
  [
    'a screen on display 17',
    () => {
      const f = clone();
      f.room.screens[1].display = 17;
      return f;
    },
  ],
  [
    'a hosted broker without enabled',
    () => {
      const f = clone();
      f.room.hostedBroker = { port: 1883 };
      return f;
    },
  ],
  [
    'an empty room password',
    () => {
      const f = clone();
      f.room.password = '';
      return f;
    },
  ],
  [
    'kiosk.locked as text',
    () => {
      const f = clone();
      f.kiosk.locked = 'yes';
      return f;
    },
  ],
];

describe('provisioning JSON Schema and zod schema', () => {
  it('describe the same objects, properties, required keys, enums and limits', () => {
    const mine = outline(fileSchema, fileSchema);
    const theirs = outline(zodSchema, zodSchema);
    expect(mine).toEqual(theirs);
    expect(fileSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('both accept a valid file', () => {
    expect(validate(fileSchema, fileSchema, valid)).toEqual([]);
    expect(ProvisioningFileSchema.safeParse(valid).success).toBe(true);
  });

  it.each(invalid)('both refuse %s', (_name, make) => {
    const file = make();
    expect(validate(fileSchema, fileSchema, file)).not.toEqual([]);
    expect(ProvisioningFileSchema.safeParse(file).success).toBe(false);
  });
});
