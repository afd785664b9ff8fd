import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Device, Product } from '../shared/domain';
import { AccessRules } from './access-rules';
import { createApiApp } from './api-app';
import type { ApiContext } from './api-routes';
import { Authenticator } from './authenticate';
import { malformedRequest } from './http-reply';
import type { DemoCredentials, DemoData } from './demo-data';
import { checkMaxPageSize, DEFAULT_LIST_QUIRKS, type ListQuirks } from './list-quirks';
import type { MediaBackend } from './media-backend';
import { PlaceholderMedia } from './placeholder-media';
import { seedDemoData } from './seed-demo-data';
import { TemplateStore } from './template-store';

export interface DemoPlatformOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the generated data; the same seed gives identical data. Default 1. */
  seed?: number;
  /**
   * Where streamStart gets its playback result; default: placeholder URLs. A backend passed in
   * stays the caller's to close; the default one is closed with the platform.
   */
  media?: MediaBackend;
  /** Options for a media backend, filled by the CLI from flags it does not know itself. */
  mediaOptions?: Record<string, unknown>;
  /** Artificial delay before each API answer, for tests of slow platforms. */
  latencyMs?: number;
  /** Serve at most this many records a page (1–100), as platforms that cap pageSize do; default 100. */
  maxPageSize?: number;
  /** Serve some list records with fields of an unexpected type (see ListQuirks); default off. */
  oddRecords?: boolean;
  /** Where the one-line-per-request log goes; default stderr. */
  log?: (line: string) => void;
}

export interface DemoPlatform {
  baseUrl: string;
  credentials: DemoCredentials;
  /** The seeded users, products and devices (read-only). */
  data: DemoData;
  /** While down, every API request is answered 503: for tests of an outage and recovery. */
  setDown(down: boolean): void;
  /** Change how the list operations misbehave, from the next request on (throws for a bad maxPageSize). */
  setListQuirks(quirks: Partial<ListQuirks>): void;
  close(): Promise<void>;
}

function buildContext(data: DemoData, media: MediaBackend, quirks: ListQuirks): ApiContext {
  const productsByUser = new Map<string, Product[]>();
  for (const product of data.products) {
    const list = productsByUser.get(product.userKey) ?? [];
    list.push(product);
    productsByUser.set(product.userKey, list);
  }
  const searchIndex = new Map<string, { name: string; device: Device }[]>();
  for (const [productKey, devices] of data.devicesByProduct)
    searchIndex.set(
      productKey,
      devices.map((device) => ({ name: device.deviceName.toLowerCase(), device })),
    );
  return {
    data,
    media,
    access: new AccessRules(data),
    templates: new TemplateStore(),
    productsByUser,
    searchIndex,
    quirks,
  };
}

/** The host to put in URLs: a wildcard bind address is reached through loopback. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * Start the demo platform: the spec's four operations over seeded data.
 *
 * Listens on 127.0.0.1 and a free port unless told otherwise; resolves once it accepts requests.
 */
export async function startDemoPlatform(options: DemoPlatformOptions = {}): Promise<DemoPlatform> {
  const host = options.host ?? '127.0.0.1';
  const data = seedDemoData(options.seed ?? 1);
  const ownMedia = options.media === undefined;
  const media =
    options.media ??
    new PlaceholderMedia({
      host: urlHost(reachableHost(host)),
      seed: data.seed,
      scrambleFields: options.mediaOptions?.scrambleFields === true,
    });
  let down = false;
  const quirks: ListQuirks = { ...DEFAULT_LIST_QUIRKS };
  const setListQuirks = (patch: Partial<ListQuirks>) => {
    if (patch.maxPageSize !== undefined) quirks.maxPageSize = checkMaxPageSize(patch.maxPageSize);
    if (patch.oddRecords !== undefined) quirks.oddRecords = patch.oddRecords;
  };
  setListQuirks({ maxPageSize: options.maxPageSize, oddRecords: options.oddRecords });
  const app = createApiApp({
    ctx: buildContext(data, media, quirks),
    auth: new Authenticator(data),
    latencyMs: options.latencyMs ?? 0,
    isDown: () => down,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  });

  // The adapter keeps its own Request and Response out of this process's globals.
  const server = createServer(
    getRequestListener(app.fetch, {
      overrideGlobalObjects: false,
      errorHandler: malformedRequest({ 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' }),
    }),
  );
  await once(server.listen(options.port ?? 0, host), 'listening');
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost(reachableHost(host))}:${port}`,
    credentials: data.credentials,
    data,
    setDown(value) {
      down = value;
    },
    setListQuirks,
    close() {
      closing ??= (async () => {
        const closed = once(server, 'close');
        server.close();
        server.closeAllConnections();
        await closed;
        if (ownMedia) await media.close();
      })();
      return closing;
    },
  };
}
