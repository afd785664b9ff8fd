import {
  ArchiveTemplateResultSchema,
  canPerform,
  credentialParams,
  OPERATION_MATRIX,
  DeviceSchema,
  ProductSchema,
  refusalMessage,
  secretValues,
  StreamPlaybackReadSchema,
  validateTemplate,
  type ArchiveTemplateResult,
  type ArchiveTemplateSaveDto,
  type Credentials,
  type CredentialType,
  type ErrorParams,
  type Device,
  type Operation,
  type Placement,
  type PlatformErrorKind,
  type Product,
  type StreamPlayback,
} from '../shared/domain';
import { defaultHttp, type Http } from './http-port';
import { createLogger, type Logger } from './logger';
import { readBody } from './platform-body';
import { PlatformError } from './platform-error';
import { networkError } from './platform-network-error';
import { fillPaging, pagingQuery } from './platform-paging';
import { readPage, type ListedPage } from './platform-records';
import { interpret, parseAnswer } from './platform-response';
import { redactor } from './redact';

export { MAX_RESPONSE_BYTES } from './platform-body';

/** One connection to a platform: where, as whom, how credentials travel, how long to wait. */
export interface PlatformProfile {
  baseUrl: string;
  credentials: Credentials;
  placement: Placement;
  /** Per request, body included; 10 s by default. */
  timeoutMs?: number;
}

/** How one request to the platform ended: for watching whether the platform is reachable. */
export type RequestOutcome =
  { ok: true } | { ok: false; kind: PlatformErrorKind; status?: number; message: string };

export interface CallOptions {
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** A record without its key cannot be listed; other odd fields take these neutral values (shown raw). */
const DEVICE_READING = {
  required: ['deviceKey'],
  neutral: {
    createAt: 0,
    updateAt: 0,
    productKey: null,
    createProtocol: 0,
    deviceStatus: 0,
    createAck: false,
    gateway: false,
    gatewayKey: null,
  },
};
const PRODUCT_READING = { required: ['productKey'], neutral: { createAt: 0, updateAt: 0, productStatus: 0 } };

interface Request {
  operation: Operation;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The platform's four operations (spec part 4), for one connection profile.
 *
 * Before anything is sent, the credential matrix (spec part 5) and the caller's input are
 * checked, so a refused or malformed call costs no round trip. This class builds and sends the
 * request (credential placement, timeout, abort); platform-body reads the answer within a bound,
 * platform-response interprets it (status, `{code, msg, data}` wrapper, the server's words) and
 * checks it against the domain schemas. Every failure becomes one PlatformError. The profile's
 * secrets are registered with the process-wide redactor at construction, so no log line or error
 * can carry them.
 */
export class PlatformClient {
  private readonly onOutcome?: (outcome: RequestOutcome) => void;
  private readonly http: Http;
  private readonly log: Logger;
  private readonly base: URL;
  private readonly timeoutMs: number;

  constructor(
    private readonly profile: PlatformProfile,
    deps: { http?: Http; logger?: Logger; onOutcome?: (outcome: RequestOutcome) => void } = {},
  ) {
    for (const secret of secretValues(profile.credentials)) redactor.add(secret);
    this.onOutcome = deps.onOutcome;
    this.http = deps.http ?? defaultHttp;
    this.log = deps.logger ?? createLogger('platform');
    this.base = parseBaseUrl(profile.baseUrl);
    this.timeoutMs = profile.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Playback addresses of a device's live stream (4.1). sipId and channelId are sent only if given. */
  async startStream(
    deviceKey: string,
    q: { sipId?: string; channelId?: string } = {},
    o: CallOptions = {},
  ): Promise<StreamPlayback> {
    this.assertAllowed('streamStart');
    requireKey('deviceKey', deviceKey);
    const raw = await this.send({
      operation: 'streamStart',
      method: 'GET',
      path: `/videos/${encodeURIComponent(deviceKey)}/streamStart`,
      query: { sipId: q.sipId, channelId: q.channelId },
      signal: o.signal,
    });
    return parseAnswer(StreamPlaybackReadSchema, raw, 'stream');
  }

  /** One page of a product's devices (4.2), optionally filtered by device name. */
  async listDevices(
    productKey: string,
    q: { keyword?: string; page?: number; pageSize?: number } = {},
    o: CallOptions = {},
  ): Promise<ListedPage<Device>> {
    this.assertAllowed('listDevices');
    requireKey('productKey', productKey);
    const paging = pagingQuery(q);
    const raw = await this.send({
      operation: 'listDevices',
      method: 'GET',
      path: `/products/${encodeURIComponent(productKey)}/devices`,
      query: { keyword: q.keyword, ...paging },
      signal: o.signal,
    });
    return readPage(DeviceSchema, fillPaging(raw, paging), 'devicePage', DEVICE_READING);
  }

  /** One page of the calling user's products (4.3). */
  async listProducts(
    q: { page?: number; pageSize?: number } = {},
    o: CallOptions = {},
  ): Promise<ListedPage<Product>> {
    this.assertAllowed('listProducts');
    const paging = pagingQuery(q);
    const raw = await this.send({
      operation: 'listProducts',
      method: 'GET',
      path: '/products',
      query: paging,
      signal: o.signal,
    });
    return readPage(ProductSchema, fillPaging(raw, paging), 'productPage', PRODUCT_READING);
  }

  /** Adds an archive template to a project (4.4), after the shared rule book accepted it. */
  async createTemplate(
    projectKey: string,
    dto: ArchiveTemplateSaveDto,
    o: CallOptions = {},
  ): Promise<ArchiveTemplateResult> {
    this.assertAllowed('createTemplate');
    requireKey('projectKey', projectKey);
    const checked = validateTemplate(dto);
    if (!checked.ok) {
      const [first] = checked.problems;
      const more = checked.problems.length > 1 ? ` (and ${checked.problems.length - 1} more)` : '';
      throw new PlatformError(
        'invalid-request',
        `The template is not valid: ${first.path} ${first.message}${more}`,
        // Worded as bad input is: each problem from its code.
        { details: checked.problems, code: 'input.invalid', params: { count: checked.problems.length } },
      );
    }
    const raw = await this.send({
      operation: 'createTemplate',
      method: 'POST',
      path: `/archives/template/${encodeURIComponent(projectKey)}`,
      body: checked.value,
      signal: o.signal,
    });
    return parseAnswer(ArchiveTemplateResultSchema, raw, 'templateResult');
  }

  private assertAllowed(operation: Operation): void {
    const type = this.profile.credentials.type;
    if (!canPerform(type, operation))
      throw new PlatformError('forbidden', refusalMessage(type, operation), refusalCode(type, operation));
  }

  /** One request and its answer, unwrapped; throws PlatformError for every failure. */
  private async send(req: Request): Promise<unknown> {
    if (req.signal?.aborted)
      throw new PlatformError('cancelled', 'The request was cancelled before it was sent.', {
        code: 'platform.cancelledBeforeSent',
      });
    const { url, headers } = this.build(req);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onCallerAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const aborted = (): PlatformError | undefined => {
      if (timedOut)
        return new PlatformError(
          'timeout',
          `The platform did not answer within ${formatSeconds(this.timeoutMs)}.`,
          this.timeoutMs % 1000 === 0
            ? { code: 'platform.timeoutSeconds', params: { seconds: this.timeoutMs / 1000 } }
            : { code: 'platform.timeoutMs', params: { ms: this.timeoutMs } },
        );
      if (req.signal?.aborted)
        return new PlatformError('cancelled', 'The request was cancelled.', { code: 'platform.cancelled' });
      return undefined;
    };

    const started = performance.now();
    const line = `${req.method} ${req.path}`;
    const ms = () => `${Math.round(performance.now() - started)}ms`;
    try {
      let response: Response;
      try {
        response = await this.http(url.toString(), {
          method: req.method,
          headers,
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: controller.signal,
          // Credentials may ride in headers: a redirect must not carry them to another host.
          redirect: 'manual',
        });
      } catch (e) {
        throw aborted() ?? networkError(e, this.base);
      }

      let text: string;
      try {
        text = await readBody(response, controller.signal);
      } catch (e) {
        if (e instanceof PlatformError) throw e;
        throw aborted() ?? networkError(e, this.base, 'arriving');
      }
      // A fake or a stubborn body may finish after the abort: the caller asked to stop.
      const late = aborted();
      if (late) throw late;

      const value = interpret(response, text);
      this.log.info(`${line} ${response.status} ${ms()}`);
      this.onOutcome?.({ ok: true });
      return value;
    } catch (e) {
      const error =
        e instanceof PlatformError
          ? e
          : new PlatformError('bad-response', String(e), {
              cause: e,
              code: 'platform.failed',
              params: { technical: String(e) },
            });
      this.log.warn(`${line} failed: ${error.kind}${error.status ? ` ${error.status}` : ''} ${ms()}`, {
        message: error.message,
      });
      if (error.kind !== 'cancelled')
        this.onOutcome?.({ ok: false, kind: error.kind, status: error.status, message: error.message });
      throw error;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private build(req: Request): { url: URL; headers: Headers } {
    const url = new URL(this.base.toString());
    url.pathname = `${this.base.pathname.replace(/\/+$/, '')}${req.path}`;
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value === undefined || value === '') continue;
      url.searchParams.set(name, String(value));
    }
    const headers = new Headers({ Accept: 'application/json' });
    if (req.body !== undefined) headers.set('Content-Type', 'application/json');
    for (const [name, value] of credentialParams(this.profile.credentials)) {
      if (this.profile.placement === 'headers') {
        // Checked here, not by fetch: fetch's own error would quote the value.
        if (!/^[\t\x20-\x7e\x80-\xff]*$/.test(value) || value.trim() !== value)
          throw new PlatformError(
            'invalid-request',
            `The ${name} credential holds characters that cannot travel in an HTTP header; send credentials as query parameters instead.`,
            { code: 'platform.headerCharacters', params: { name } },
          );
        headers.set(name, value);
      } else {
        url.searchParams.set(name, value);
      }
    }
    return { url, headers };
  }
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new PlatformError('invalid-request', `The platform address "${baseUrl}" is not a URL.`, {
      code: 'platform.addressNotUrl',
      params: { address: baseUrl },
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PlatformError('invalid-request', `The platform address must start with http:// or https://.`, {
      code: 'platform.addressScheme',
    });
  url.hash = '';
  return url;
}

function requireKey(name: string, value: string): void {
  if (typeof value !== 'string' || value.trim() === '')
    throw new PlatformError('invalid-request', `${name} is required.`, {
      code: 'platform.keyRequired',
      params: { name },
    });
}

/** The code of a refusal by the credential matrix: the type, the operation, the types that may. */
function refusalCode(type: CredentialType, operation: Operation): { code: string; params: ErrorParams } {
  return {
    code: 'platform.notAllowed',
    params: { type, operation, allowed: OPERATION_MATRIX[operation].join(',') },
  };
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
