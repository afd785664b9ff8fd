import type { Channel } from '../../../electron/shared/contract';

/**
 * Hostile inputs for the channel fuzz test: a seeded generator (so a failure reproduces from its
 * seed), the values a hostile caller sends, and ways of mutating a valid input with them.
 */

/** mulberry32: a small, well-spread 32-bit generator; the same seed gives the same cases. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

/** JSON text spliced in as it is (a number JSON.stringify cannot write, such as 1e999). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson parts. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]);
}

const nested = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};

/** Keys that pollute a prototype when a server merges input into an object carelessly. */
const POLLUTION = [
  JSON.parse('{"__proto__": {"polluted": "yes"}}') as unknown,
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}') as unknown,
  JSON.parse('{"__proto__": [1, 2, 3]}') as unknown,
];

/** What a hostile caller puts where a value goes. Built lazily: some are large. */
const HOSTILE: readonly (() => unknown)[] = [
  () => 40_000_000,
  () => 4_000_000,
  () => -1,
  () => 0,
  () => 0.5,
  () => 2 ** 53,
  () => -(2 ** 53),
  () => 2 ** 31,
  () => 1e308,
  () => -1e308,
  () => new RawJson('1e999'),
  () => new RawJson('-1e999'),
  () => new RawJson('-0'),
  () => 'NaN',
  () => 'Infinity',
  () => '-1',
  () => '1e999',
  () => '',
  () => ' ',
  () => '\u0000',
  () => 'name\u0000with NUL',
  () => '\u202eevil\u202c',
  () => '\u2067isolate\u2069',
  () => '__proto__',
  () => 'constructor',
  () => '../../../etc/passwd',
  () => '%00%2e%2e',
  () => 'x'.repeat(70_000),
  () => 'k'.repeat(1_000_000),
  () => '😀'.repeat(5_000),
  () => null,
  () => true,
  () => false,
  () => [],
  () => {},
  () => [1, 2, 3],
  () => ({ a: 1 }),
  () => Array.from({ length: 10_000 }, (_, i) => i),
  () => Array.from({ length: 2_000 }, () => ({ deviceKey: 'd' })),
  () => nested(2_000, 1, true),
  () => nested(2_000, 1, false),
  () => nested(20, 'x'.repeat(1_000), false),
  ...POLLUTION.map((p) => () => structuredClone(p)),
];

function hostileValue(rng: Rng): unknown {
  return pick(rng, HOSTILE)();
}

type Path = (string | number)[];

/** Every path inside a value (objects and arrays), the root included. */
function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

function setAt(root: unknown, path: Path, v: unknown): unknown {
  if (path.length === 0) return v;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = v;
  return copy;
}

function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

/** A valid input with one hostile change: a value replaced, a key added, an object made an array. */
export function mutate(rng: Rng, valid: unknown): unknown {
  const paths = pathsOf(valid);
  const path = pick(rng, paths);
  const roll = rng();
  if (roll < 0.7) return setAt(valid, path, hostileValue(rng));
  const target = getAt(valid, path);
  if (roll < 0.85 && target !== null && typeof target === 'object' && !Array.isArray(target))
    return setAt(valid, path, { ...(target as object), ...(pick(rng, POLLUTION) as object) });
  if (target !== null && typeof target === 'object') return setAt(valid, path, [target, target]);
  return setAt(valid, path, [target]);
}

/** A valid provisioning document, to mutate inside its text. */
const PROVISIONING_DOC = {
  version: 1,
  profiles: [
    {
      id: 'fuzz-prov',
      name: 'Fuzz provisioned',
      baseUrl: 'http://127.0.0.1:1',
      credentials: { type: 'device', deviceKey: 'dk', queryToken: 'fuzz-token' },
    },
  ],
  layouts: [
    {
      id: 'fuzz-prov-wall',
      name: 'Fuzz provisioned wall',
      profile: 'fuzz-prov',
      grid: { columns: 2, rows: 2 },
      tiles: [{ deviceKey: 'd1', column: 1, row: 1 }],
      areas: [{ column: 1, row: 2, columnSpan: 2, rowSpan: 1 }],
    },
  ],
  tours: [
    {
      id: 'fuzz-prov-tour',
      name: 'Fuzz provisioned tour',
      kind: 'tile',
      view: 'fuzz-prov-wall',
      column: 1,
      row: 1,
      dwellSeconds: 10,
      devices: [{ deviceKey: 'a' }, { deviceKey: 'b' }],
    },
  ],
};

/** A valid views document, to mutate inside its text. */
const VIEWS_DOC = {
  format: 'control-room-wall/views',
  version: 1,
  views: [
    {
      id: 'fuzz-imported',
      name: 'Fuzz imported',
      profileId: 'fuzz',
      grid: { columns: 3, rows: 2 },
      tiles: [{ deviceKey: 'd1' }, { deviceKey: 'd2', column: 3, row: 2 }],
    },
  ],
  tours: [
    {
      id: 'fuzz-imported-tour',
      name: 'Fuzz imported tour',
      kind: 'views',
      views: ['fuzz-imported', 'fuzz-imported'],
      dwellSeconds: 30,
    },
  ],
};

/**
 * A valid input for every channel of the contract (the `satisfies` makes a new channel a compile
 * error here until the fuzz test covers it). Channels whose input is a document's text are mutated
 * inside the document (`doc`), then sent as text.
 */
export const VALID_INPUTS = {
  'profiles:list': undefined,
  'profiles:save': {
    id: 'fuzz',
    name: 'Fuzz',
    baseUrl: 'http://127.0.0.1:1',
    credentialType: 'user',
    keys: { userKey: 'u', authKey: 'a' },
    secrets: { authSecret: 'fuzz-secret' },
    mediaHost: { http: '127.0.0.1:1' },
  },
  'profiles:remove': { id: 'fuzz-gone' },
  'profiles:select': { id: 'fuzz' },
  'profiles:test': { id: 'fuzz' },
  'products:list': { profileId: 'fuzz', page: 1, pageSize: 10 },
  'devices:list': { profileId: 'fuzz', productKey: 'p', keyword: 'cam', page: 2, pageSize: 20 },
  'streams:start': { profileId: 'fuzz', deviceKey: 'd', sipId: 's', channelId: 'c' },
  'templates:create': {
    profileId: 'fuzz',
    projectKey: 'p',
    template: {
      desc: 'd',
      name: 'Fuzz template',
      parameters: [{ dataType: 'INTEGER', identifier: 'temp', name: 'Temp', map: { min: '1', max: '9' } }],
    },
  },
  'templates:history': { profileId: 'fuzz' },
  'layouts:list': undefined,
  'layouts:save': {
    id: 'fuzz-wall',
    name: 'Fuzz wall',
    profileId: 'fuzz',
    grid: { columns: 3, rows: 3 },
    tiles: [
      { deviceKey: 'd1', column: 1, row: 1, columnSpan: 2, rowSpan: 2, label: 'L', fit: 'fill' },
      { deviceKey: 'd2' },
    ],
    areas: [{ column: 1, row: 3, columnSpan: 3, rowSpan: 1 }],
    parked: [{ deviceKey: 'd3', column: 8, row: 8 }],
  },
  'layouts:remove': { id: 'fuzz-copy' },
  'layouts:rename': { id: 'fuzz-wall', name: 'Fuzz wall renamed' },
  'layouts:duplicate': { id: 'fuzz-wall', name: 'Fuzz copy' },
  'settings:get': undefined,
  'settings:set': {
    transportOrder: ['flv', 'hls'],
    statusLegend: { deviceStatus: { '1': 'online' }, productStatus: {} },
    statsOverlay: true,
    hiddenTileGraceSeconds: 5,
    decodeBudget: true,
    sustainedPixelRate: 1000,
  },
  'demo:start': undefined,
  'app:info': undefined,
  'app:diagnostics': undefined,
  'ui:get': { key: 'fuzz.key' },
  'ui:set': { key: 'fuzz.key', value: { open: true, width: 300 } },
  'platform:status': undefined,
  'kiosk:status': undefined,
  'kiosk:unlock': { pin: '1234' },
  'kiosk:lock': undefined,
  'displays:list': undefined,
  'windows:open': { layoutId: 'fuzz-wall', displayId: 1 },
  'provisioning:import': { doc: PROVISIONING_DOC },
  'tours:list': undefined,
  'tours:save': {
    id: 'fuzz-tour',
    name: 'Fuzz tour',
    kind: 'views',
    views: ['fuzz-wall', 'fuzz-wall'],
    dwellSeconds: 10,
  },
  'tours:remove': { id: 'fuzz-tour-gone' },
  'views:export': { views: ['fuzz-wall'] },
  'views:import': { doc: VIEWS_DOC, onConflict: 'copy' },
  'snapshots:save': { deviceName: 'Cam', takenAt: 1, png: 'iVBORw0KGgoAAAANSUhEUg==' },
  'oplog:append': { events: [{ at: 1, kind: 'stale', deviceKey: 'd', reason: 'r' }] },
  'oplog:list': { kinds: ['stale'], device: 'd', limit: 10 },
  'oplog:csv': { kinds: ['failed'], from: 0, to: 2 },
  'room:config': undefined,
  'room:configure': {
    enabled: false,
    brokerUrl: 'mqtt://127.0.0.1:1883',
    username: 'fuzz',
    pcName: 'fuzz-pc',
    screens: [{ name: 'fuzz-screen', display: 1 }],
    root: 'control-room-wall/v1',
    hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
  },
  'room:status': undefined,
  'room:send': { screen: 'fuzz-screen', command: { clear: true } },
  'room:report': { screen: 'fuzz-screen', rev: 0, shows: { kind: 'none' }, tiles: [] },
} satisfies Record<Channel, unknown>;

/** A generated input as sent: a document's text where the channel takes one. */
export function asSent(channel: Channel, input: unknown): unknown {
  if (channel !== 'provisioning:import' && channel !== 'views:import') return input;
  if (input === null || typeof input !== 'object' || Array.isArray(input) || !('doc' in input)) return input;
  const { doc, ...rest } = input as { doc: unknown };
  return { ...rest, text: toJsonText(doc) };
}
