import type { z } from 'zod';
import {
  ArchiveTemplateResultSchema,
  canPerform,
  clampPageSize,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  credentialParams,
  DeviceSchema,
  FieldProblemSchema,
  formatPath,
  kindForStatus,
  pageSchema,
  ProductSchema,
  refusalMessage,
  secretValues,
  StreamPlaybackReadSchema,
  validateTemplate,
  type ArchiveTemplateResult,
  type ArchiveTemplateSaveDto,
  type Credentials,
  type Device,
  type FieldProblem,
  type Operation,
  type Page,
  type Placement,
  type PlatformErrorKind,
  type Product,
  type StreamPlayback,
} from '../shared/domain';
import { defaultHttp, type Http } from './http-port';
import { createLogger, type Logger } from './logger';
import { PlatformError } from './platform-error';
import { redactor } from './redact';

/** One connection to a platform: where, as whom, how credentials travel, how long to wait. */
export interface PlatformProfile {
  baseUrl: string;
  credentials: Credentials;
  placement: Placement;
  /** Per request, body included; 10 s by default. */
  timeoutMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Far above any real page (100 devices is ~60 KiB); a body past this is a broken or hostile server. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const MAX_MESSAGE_CHARS = 300;

const DevicePageSchema = pageSchema(DeviceSchema);
const ProductPageSchema = pageSchema(ProductSchema);

/** Codes a `{code, msg, data}` wrapper uses to say "this worked". */
const SUCCESS_CODES = new Set(['0', '200', 'ok', 'success']);

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
 * checked, so a refused or malformed call costs no round trip. Every answer is read tolerantly
 * (a `{code, msg, data}` wrapper is unwrapped), validated with the domain schemas, and every
 * failure becomes one PlatformError. The profile's secrets are registered with the process-wide
 * redactor at construction, so no log line or error can carry them.
 */
export class PlatformClient {
  private readonly http: Http;
  private readonly log: Logger;
  private readonly base: URL;
  private readonly timeoutMs: number;

  constructor(
    private readonly profile: PlatformProfile,
    deps: { http?: Http; logger?: Logger } = {},
  ) {
    for (const secret of secretValues(profile.credentials)) redactor.add(secret);
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
    return parse(StreamPlaybackReadSchema, raw, 'stream');
  }

  /** One page of a product's devices (4.2), optionally filtered by device name. */
  async listDevices(
    productKey: string,
    q: { keyword?: string; page?: number; pageSize?: number } = {},
    o: CallOptions = {},
  ): Promise<Page<Device>> {
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
    return parse(DevicePageSchema, fillPaging(raw, paging), 'device page');
  }

  /** One page of the calling user's products (4.3). */
  async listProducts(
    q: { page?: number; pageSize?: number } = {},
    o: CallOptions = {},
  ): Promise<Page<Product>> {
    this.assertAllowed('listProducts');
    const paging = pagingQuery(q);
    const raw = await this.send({
      operation: 'listProducts',
      method: 'GET',
      path: '/products',
      query: paging,
      signal: o.signal,
    });
    return parse(ProductPageSchema, fillPaging(raw, paging), 'product page');
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
        {
          details: checked.problems,
        },
      );
    }
    const raw = await this.send({
      operation: 'createTemplate',
      method: 'POST',
      path: `/archives/template/${encodeURIComponent(projectKey)}`,
      body: checked.value,
      signal: o.signal,
    });
    return parse(ArchiveTemplateResultSchema, raw, 'template result');
  }

  private assertAllowed(operation: Operation): void {
    const type = this.profile.credentials.type;
    if (!canPerform(type, operation)) throw new PlatformError('forbidden', refusalMessage(type, operation));
  }

  /** One request and its answer, unwrapped; throws PlatformError for every failure. */
  private async send(req: Request): Promise<unknown> {
    if (req.signal?.aborted)
      throw new PlatformError('cancelled', 'The request was cancelled before it was sent.');
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
        );
      if (req.signal?.aborted) return new PlatformError('cancelled', 'The request was cancelled.');
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
        throw aborted() ?? networkError(e, this.base, 'while the answer was arriving');
      }
      // A fake or a stubborn body may finish after the abort: the caller asked to stop.
      const late = aborted();
      if (late) throw late;

      const value = interpret(response, text);
      this.log.info(`${line} ${response.status} ${ms()}`);
      return value;
    } catch (e) {
      const error =
        e instanceof PlatformError ? e : new PlatformError('bad-response', String(e), { cause: e });
      this.log.warn(`${line} failed: ${error.kind}${error.status ? ` ${error.status}` : ''} ${ms()}`, {
        message: error.message,
      });
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
    throw new PlatformError('invalid-request', `The platform address "${baseUrl}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PlatformError('invalid-request', `The platform address must start with http:// or https://.`);
  url.hash = '';
  return url;
}

function requireKey(name: string, value: string): void {
  if (typeof value !== 'string' || value.trim() === '')
    throw new PlatformError('invalid-request', `${name} is required.`);
}

function pagingQuery(q: { page?: number; pageSize?: number }): { page?: number; pageSize?: number } {
  if (q.page !== undefined && (!Number.isInteger(q.page) || q.page < 1))
    throw new PlatformError('invalid-request', `page must be a whole number from 1 (got ${q.page}).`);
  if (q.pageSize !== undefined && !Number.isFinite(q.pageSize))
    throw new PlatformError('invalid-request', `pageSize must be a number (got ${q.pageSize}).`);
  return { page: q.page, pageSize: clampPageSize(q.pageSize) };
}

/** A page envelope that left out page or pageSize is read as the page that was asked for. */
function fillPaging(raw: unknown, asked: { page?: number; pageSize?: number }): unknown {
  if (!isRecord(raw) || !Array.isArray(raw.data)) return raw;
  const page = toInt(raw.page) ?? asked.page ?? DEFAULT_PAGE;
  const pageSize = toInt(raw.pageSize) ?? asked.pageSize ?? DEFAULT_PAGE_SIZE;
  return { ...raw, page, pageSize, total: toInt(raw.total) ?? raw.total };
}

/** Some platforms send numbers as numeric strings. */
function toInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
}

function parse<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((i) => `${formatPath(i.path) || '(top)'}: ${i.message}`);
  const more = result.error.issues.length > 3 ? `; and ${result.error.issues.length - 3} more` : '';
  throw new PlatformError(
    'bad-response',
    `The platform's ${what} is not in the expected shape: ${issues.join('; ')}${more}.`,
  );
}

/** Reads at most MAX_RESPONSE_BYTES; stops as soon as the signal aborts. */
async function readBody(response: Response, signal: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_RESPONSE_BYTES) {
        stop();
        throw tooLarge();
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  return new TextDecoder().decode(concat(chunks, size));
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function tooLarge(): PlatformError {
  return new PlatformError(
    'bad-response',
    `The platform's answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB; it was not read.`,
  );
}

/** Status, body and wrapper to a value, or the PlatformError they describe. */
function interpret(response: Response, text: string): unknown {
  const { status } = response;
  const json = parseJson(text);

  if (status >= 300 && status < 400) {
    const location = response.headers.get('location');
    const where = location ? ` to ${originAndPath(location, response.url)}` : '';
    throw new PlatformError(
      'server',
      `The platform answered with a redirect (HTTP ${status})${where}; use that address as the platform URL.`,
      { status },
    );
  }

  if (status < 200 || status >= 300) {
    const words = json.ok
      ? messageOf(json.value)
      : plainTextMessage(text, response.headers.get('content-type'));
    return throwError(
      kindForStatus(status),
      words ?? `The platform answered HTTP ${status}${statusText(response)}.`,
      {
        status,
        details: json.ok ? detailsOf(json.value) : undefined,
      },
    );
  }

  if (text.trim() === '')
    throw new PlatformError('bad-response', `The platform's answer (HTTP ${status}) is empty.`);
  if (!json.ok) {
    const type = response.headers.get('content-type') || 'no content type';
    const title = htmlTitle(text);
    throw new PlatformError(
      'bad-response',
      `The platform's answer is not JSON (${type}, ${text.length} characters${title ? `, titled "${title}"` : ''}).`,
    );
  }
  return unwrap(json.value);
}

function throwError(
  kind: PlatformErrorKind,
  message: string,
  opts: { status?: number; details?: FieldProblem[] },
): never {
  throw new PlatformError(kind, truncate(redactor.redact(message)), opts);
}

/**
 * The tolerant reader: `{code, msg|message, data}` or `{success, data}` is a wrapper. A page
 * envelope `{data, page, pageSize, total}` or a bare resource has neither `code` nor `success`.
 */
function unwrap(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const hasPayload = 'data' in value || 'msg' in value || 'message' in value;
  const hasCode = 'code' in value && value.code !== null && value.code !== undefined;
  const hasSuccess = typeof value.success === 'boolean';
  if (!hasPayload || (!hasCode && !hasSuccess)) return value;

  const ok = value.success === true || (value.success !== false && hasCode && isSuccessCode(value.code));
  // `{code: 0, data: [...], total, page}`: the wrapper is itself the page envelope.
  if (ok) return Array.isArray(value.data) && 'total' in value ? value : decodeNested(value.data);

  const code = hasCode ? String(value.code) : undefined;
  const words = messageOf(value) ?? `The platform refused the request${code ? ` (code ${code})` : ''}.`;
  return throwError(hasCode ? kindForCode(value.code) : 'server', words, { details: detailsOf(value) });
}

function isSuccessCode(code: unknown): boolean {
  return (
    (typeof code === 'number' || typeof code === 'string') &&
    SUCCESS_CODES.has(String(code).trim().toLowerCase())
  );
}

/**
 * A failing wrapper code to an error kind: an HTTP-like number reads as that status, a longer
 * number by its first three digits (40100 → 401), a word by what it says.
 */
function kindForCode(code: unknown): PlatformErrorKind {
  const text = String(code).trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n >= 400 && n < 600) return kindForStatus(n);
    const head = Number(text.slice(0, 3));
    if (text.length > 3 && head >= 400 && head < 600) return kindForStatus(head);
    return 'server';
  }
  const word = text.toUpperCase();
  if (/UNAUTH|AUTH_?FAIL|TOKEN|SIGN|CREDENTIAL|LOGIN/.test(word)) return 'auth';
  if (/FORBID|DENIED|PERMISSION|NOT_?ALLOWED/.test(word)) return 'forbidden';
  if (/NOT_?FOUND|NO_?SUCH|UNKNOWN/.test(word)) return 'not-found';
  if (/INVALID|BAD_?REQUEST|VALIDAT|MISSING|REQUIRED|MALFORMED|PARAM/.test(word)) return 'invalid-request';
  if (/TIMEOUT|TIMED_?OUT/.test(word)) return 'timeout';
  return 'server';
}

/** Some wrappers carry their data as a JSON document in a string. */
function decodeNested(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  const parsed = parseJson(data);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : data;
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (!isRecord(value)) return undefined;
  for (const key of ['message', 'msg', 'error_description', 'error', 'detail']) {
    const field = value[key];
    if (typeof field === 'string' && field.trim() !== '') return field.trim();
    if (isRecord(field) && typeof field.message === 'string' && field.message.trim() !== '')
      return field.message.trim();
  }
  return undefined;
}

function detailsOf(value: unknown): FieldProblem[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.details)) return undefined;
  const good = value.details.flatMap((d) => {
    const p = FieldProblemSchema.safeParse(d);
    return p.success ? [p.data] : [];
  });
  return good.length > 0 ? good : undefined;
}

/** A short plain-text body is the server's words; HTML gives its title; anything else nothing. */
function plainTextMessage(text: string, contentType: string | null): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (/html/i.test(contentType ?? '') || /^<(!doctype|html)/i.test(trimmed)) return htmlTitle(trimmed);
  return trimmed;
}

function htmlTitle(text: string): string | undefined {
  const m = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(text) ?? /<h1[^>]*>([^<]{1,200})<\/h1>/i.exec(text);
  const title = m?.[1].replace(/\s+/g, ' ').trim();
  return title ? redactor.redact(title) : undefined;
}

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > MAX_MESSAGE_CHARS ? `${flat.slice(0, MAX_MESSAGE_CHARS - 1)}…` : flat;
}

function statusText(response: Response): string {
  return response.statusText ? ` ${response.statusText}` : '';
}

/** A redirect target without its query, which may echo credentials. */
function originAndPath(location: string, base: string): string {
  try {
    const url = new URL(location, base || undefined);
    return `${url.origin}${url.pathname}`;
  } catch {
    return 'another address';
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A failed fetch as a network error that names the host, never the query. */
function networkError(e: unknown, base: URL, when = ''): PlatformError {
  const code = errorCode(e);
  const reason = code ? (NETWORK_REASONS[code] ?? `${code}`) : 'the connection failed';
  const at = when ? ` ${when}` : '';
  return new PlatformError('network', `Cannot reach the platform at ${base.origin}${at}: ${reason}.`, {
    cause: e,
  });
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is the platform running, and is the port right?)',
  ENOTFOUND: 'the host name does not resolve (check the address and the network)',
  EAI_AGAIN: 'the host name could not be resolved right now (check the network)',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection closed before the whole answer arrived',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

function errorCode(e: unknown, depth = 0): string | undefined {
  if (depth > 4 || e === null || typeof e !== 'object') return undefined;
  const rec = e as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof rec.code === 'string') return rec.code;
  if (Array.isArray(rec.errors))
    for (const inner of rec.errors) {
      const c = errorCode(inner, depth + 1);
      if (c) return c;
    }
  return errorCode(rec.cause, depth + 1);
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
