import { DemoHttpError, type MediaBackend } from './media-backend';
import {
  StreamPlaybackSchema,
  validateTemplate,
  type Device,
  type Operation,
  type Product,
} from '../shared/domain';
import type { AccessRules } from './access-rules';
import type { Caller } from './caller';
import type { DemoData } from './demo-data';
import { oddDevice, oddProduct, servedRecords, type ListQuirks } from './list-quirks';
import { pageOf, parsePaging } from './paging';
import type { TemplateStore } from './template-store';

/** What the routes work with: built once per platform. */
export interface ApiContext {
  data: DemoData;
  media: MediaBackend;
  access: AccessRules;
  templates: TemplateStore;
  productsByUser: ReadonlyMap<string, readonly Product[]>;
  /** Lower-cased device names by productKey, in list order, for keyword search. */
  searchIndex: ReadonlyMap<string, readonly { name: string; device: Device }[]>;
  /** How the list operations misbehave on purpose (a page size cap, odd records); changeable live. */
  quirks: ListQuirks;
}

interface ApiRequest {
  /** Decoded path parameters, in path order. */
  params: string[];
  query: URLSearchParams;
  /** The raw body (POST only); already bounded to 1 MiB. */
  body: Buffer;
}

export interface Route {
  method: 'GET' | 'POST';
  /** As Hono spells a path: `:name` is one path segment. */
  path: string;
  operation: Operation;
  handle(ctx: ApiContext, caller: Caller, request: ApiRequest): Promise<unknown>;
}

const optional = (query: URLSearchParams, name: string) => {
  const value = query.get(name)?.trim();
  return value ? value : undefined;
};

async function streamStart(ctx: ApiContext, caller: Caller, { params, query }: ApiRequest): Promise<unknown> {
  const device = ctx.access.device(caller, params[0]);
  const own = ctx.data.channels.get(device.deviceKey);
  // sipId and channelId are optional: a device's own channel is the natural default.
  const sipId = optional(query, 'sipId') ?? own?.sipId ?? '';
  const channelId = optional(query, 'channelId') ?? own?.channelId ?? '';
  const result = await ctx.media.startStream({ deviceKey: device.deviceKey, sipId, channelId });
  const checked = StreamPlaybackSchema.safeParse(result);
  if (!checked.success)
    throw new DemoHttpError(
      500,
      'BAD_MEDIA_RESULT',
      'The media backend returned an incomplete playback result.',
    );
  return checked.data;
}

async function listDevices(ctx: ApiContext, caller: Caller, { params, query }: ApiRequest): Promise<unknown> {
  const product = ctx.access.product(caller, params[0]);
  const paging = parsePaging(query, ctx.quirks.maxPageSize);
  const keyword = optional(query, 'keyword')?.toLowerCase();
  const entries = ctx.searchIndex.get(product.productKey) ?? [];
  const devices = keyword
    ? entries.filter((e) => e.name.includes(keyword)).map((e) => e.device)
    : (ctx.data.devicesByProduct.get(product.productKey) ?? []);
  return pageOf(devices, paging, servedRecords(ctx.quirks, oddDevice));
}

async function listProducts(ctx: ApiContext, caller: Caller, { query }: ApiRequest): Promise<unknown> {
  const paging = parsePaging(query, ctx.quirks.maxPageSize);
  // Only user credentials reach here (the matrix), and they list the user's own products.
  const userKey = caller.type === 'user' ? caller.user.userKey : '';
  return pageOf(ctx.productsByUser.get(userKey) ?? [], paging, servedRecords(ctx.quirks, oddProduct));
}

async function createTemplate(
  ctx: ApiContext,
  caller: Caller,
  { params, body }: ApiRequest,
): Promise<unknown> {
  const project = ctx.access.project(caller, params[0]);
  if (body.length === 0 || body.toString('utf8').trim() === '')
    throw new DemoHttpError(
      400,
      'MALFORMED_JSON',
      'The request body is empty: send the template as a JSON object.',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new DemoHttpError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
  }
  const checked = validateTemplate(parsed);
  if (!checked.ok) {
    const [first] = checked.problems;
    const more = checked.problems.length > 1 ? ` (and ${checked.problems.length - 1} more)` : '';
    throw new DemoHttpError(
      400,
      'INVALID_TEMPLATE',
      `The template is not valid: ${first.path}: ${first.message}${more}.`,
      // A platform's details are path and words: the app's codes stay the app's.
      checked.problems.map(({ path, message }) => ({ path, message })),
    );
  }
  return ctx.templates.add(project.projectKey, checked.value, Date.now());
}

/** The four operations of the spec (part 4), exactly as its paths spell them. */
export const API_ROUTES: readonly Route[] = [
  { method: 'GET', path: '/videos/:deviceKey/streamStart', operation: 'streamStart', handle: streamStart },
  { method: 'GET', path: '/products/:productKey/devices', operation: 'listDevices', handle: listDevices },
  { method: 'GET', path: '/products', operation: 'listProducts', handle: listProducts },
  {
    method: 'POST',
    path: '/archives/template/:projectKey',
    operation: 'createTemplate',
    handle: createTemplate,
  },
];
