import {
  ErrorParamsSchema,
  FieldProblemSchema,
  type ErrorParams,
  PlatformErrorKindSchema,
  type FieldProblem,
  type PlatformErrorData,
  type PlatformErrorKind,
} from '../shared/domain';
import { redactParams } from './core-error';
import { redactor } from './redact';

export interface PlatformErrorOptions {
  status?: number;
  details?: FieldProblem[];
  cause?: unknown;
  /**
   * A stable code for the renderer to word in the operator's language, with its parameters (see
   * AppError.code). `platform.answered` marks the platform's own words, shown as it sent them.
   */
  code?: string;
  params?: ErrorParams;
}

/**
 * Every way a platform call fails, as one typed error.
 *
 * The message is the server's own words when it gave any. Message, details and cause pass the
 * process-wide redactor when the error is built, so no way of printing it (String, JSON,
 * util.inspect) can show a secret. A cause is kept only as a sanitised copy: the original may
 * carry a request URL with credentials in its query.
 */
export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  readonly status?: number;
  readonly details?: FieldProblem[];
  readonly code?: string;
  readonly params?: ErrorParams;

  constructor(kind: PlatformErrorKind, message: string, opts: PlatformErrorOptions = {}) {
    super(
      redactor.redact(message),
      opts.cause === undefined ? undefined : { cause: sanitizeCause(opts.cause) },
    );
    this.name = 'PlatformError';
    this.kind = kind;
    if (opts.status !== undefined) this.status = opts.status;
    if (opts.details !== undefined)
      this.details = opts.details.map((d) => ({
        path: redactor.redact(d.path),
        message: redactor.redact(d.message),
        ...(d.code !== undefined && { code: d.code }),
        ...(d.params !== undefined && { params: redactParams(d.params) }),
      }));
    if (opts.code !== undefined) this.code = opts.code;
    if (opts.params !== undefined) this.params = redactParams(opts.params);
  }

  /** The code and parameters, when it has a code. */
  coded(): { code: string; params?: ErrorParams } | undefined {
    if (this.code === undefined) return undefined;
    return { code: this.code, ...(this.params !== undefined && { params: { ...this.params } }) };
  }

  /** Plain data: safe to log, to send to the renderer, to show. */
  toData(): PlatformErrorData {
    return {
      kind: this.kind,
      message: this.message,
      ...(this.status !== undefined && { status: this.status }),
      ...(this.details !== undefined && { details: this.details.map((d) => ({ ...d })) }),
      ...this.coded(),
    };
  }

  toJSON(): PlatformErrorData {
    return this.toData();
  }
}

/** A cause reduced to name, message and code, redacted; nested causes likewise, three deep. */
function sanitizeCause(cause: unknown, depth = 0): Error {
  const source = cause instanceof Error ? cause : new Error(String(cause));
  const nested = depth < 3 && source.cause !== undefined ? sanitizeCause(source.cause, depth + 1) : undefined;
  const copy = new Error(redactor.redact(source.message), nested ? { cause: nested } : undefined);
  copy.name = source.name;
  const code = (source as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
  // The stack of the original would repeat its unredacted message; this one names only this line.
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/**
 * Anything thrown by or around a platform call, as a PlatformError.
 *
 * Also rebuilds one from its plain data (after it crossed IPC or HTTP), and reads aborts and
 * timeouts of the platform's own DOMException kinds.
 */
export function toPlatformError(e: unknown): PlatformError {
  if (e instanceof PlatformError) return e;
  if (isErrorData(e)) {
    const details = FieldProblemSchema.array().safeParse((e as { details?: unknown }).details);
    const { code, params } = e as { code?: unknown; params?: unknown };
    const coded = typeof code === 'string' ? ErrorParamsSchema.safeParse(params ?? {}) : undefined;
    return new PlatformError(e.kind, e.message, {
      status: typeof e.status === 'number' ? e.status : undefined,
      details: details.success ? details.data : undefined,
      ...(coded?.success && { code: code as string, params: coded.data }),
    });
  }
  const name = e instanceof Error || isDomException(e) ? (e as Error).name : '';
  if (name === 'AbortError')
    return new PlatformError('cancelled', 'The request was cancelled.', {
      cause: e,
      code: 'platform.cancelled',
    });
  if (name === 'TimeoutError')
    return new PlatformError('timeout', 'The platform did not answer in time.', {
      cause: e,
      code: 'platform.timeout',
    });
  if (e instanceof TypeError && e.message === 'fetch failed')
    return new PlatformError('network', 'The platform could not be reached.', {
      cause: e,
      code: 'platform.notReached',
    });
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : 'Unexpected failure';
  return new PlatformError('server', message || 'Unexpected failure', {
    cause: e,
    code: 'platform.failed',
    params: { technical: message || 'Unexpected failure' },
  });
}

function isErrorData(e: unknown): e is { kind: PlatformErrorKind; message: string; status?: unknown } {
  if (e === null || typeof e !== 'object') return false;
  const rec = e as Record<string, unknown>;
  return PlatformErrorKindSchema.safeParse(rec.kind).success && typeof rec.message === 'string';
}

function isDomException(e: unknown): boolean {
  return typeof DOMException !== 'undefined' && e instanceof DOMException;
}
