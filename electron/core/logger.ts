import { redactor as processRedactor, type Redactor } from './redact';

type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Where finished, redacted lines go (one line, no trailing newline). */
export type LogSink = (line: string) => void;

/** A scoped logger: `[platform] GET /products 200 12ms`. Every line passes the redactor. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A logger for a part of this scope: `[platform:http]`. Same sink, level and redactor. */
  child(scope: string): Logger;
}

export interface LoggerOptions {
  /**
   * Where finished lines go, and only there. Without it a line goes to stderr (stdout is kept for
   * machine-readable output) and to every sink attached with `attachLogSink` (the log file).
   */
  sink?: LogSink;
  redact?: Redactor;
  /** Lines below this level are dropped; `info` by default. */
  level?: LogLevel;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Longer lines are cut (after redaction), so one huge body cannot fill the log file on its own. */
export const MAX_LINE_CHARS = 16 * 1024;

export const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};

/** Sinks every default logger writes to besides stderr; read at each line, so loggers made earlier see them. */
const attached = new Set<LogSink>();

/**
 * Send the lines of every logger made without its own `sink` (module-level loggers included) to `sink`
 * as well as to stderr. Returns the detach. The log file uses this (see log-file.ts).
 */
export function attachLogSink(sink: LogSink): () => void {
  const own: LogSink = (line) => sink(line);
  attached.add(own);
  return () => void attached.delete(own);
}

const defaultSink: LogSink = (line) => {
  deliver(stderrSink, line);
  for (const sink of attached) deliver(sink, line);
};

/** One failing sink (a closed pipe, a full disk) loses its copy of the line, never the others'. */
function deliver(sink: LogSink, line: string): void {
  try {
    sink(line);
  } catch {
    // Logging must never break the caller.
  }
}

/**
 * A scoped logger. Each line reads `2026-01-31T08:00:00.000Z INFO  [platform] message {"fields":…}`:
 * time, level, scope, message and the fields as JSON, on one line (line breaks in the message are
 * written `\n`, so a message can never forge a line of its own). The message and the fields pass the
 * redactor before the line reaches any sink.
 */
export function createLogger(scope: string, opts: LoggerOptions = {}): Logger {
  const sink = opts.sink ?? defaultSink;
  const redact = opts.redact ?? processRedactor;
  const min = RANK[opts.level ?? 'info'];

  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>): void => {
    if (RANK[level] < min) return;
    try {
      let body = oneLine(redact.redact(String(msg)));
      if (fields && Object.keys(fields).length > 0) body += ` ${stringifyFields(redact.redactValue(fields))}`;
      // Again over the whole: a secret split between message and fields, or made by the escaping, is caught too.
      body = cut(redact.redact(body));
      sink(`${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} [${scope}] ${body}`);
    } catch {
      // Logging must never break the caller: a failing sink or an odd field loses one line only.
    }
  };

  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (sub) => createLogger(`${scope}:${sub}`, opts),
  };
}

function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, (nl) => (nl === '\n' ? '\\n' : nl === '\r' ? '\\r' : '\\r\\n'));
}

function cut(text: string): string {
  if (text.length <= MAX_LINE_CHARS) return text;
  return `${text.slice(0, MAX_LINE_CHARS)}… [${text.length - MAX_LINE_CHARS} more chars cut]`;
}

/** JSON for fields, with errors as {name, message, …own fields} and cycles and bigints survived. */
function stringifyFields(fields: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(fields, (_key, value: unknown) => {
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Error) {
      return { name: value.name, message: value.message, ...(value as unknown as Record<string, unknown>) };
    }
    if (value !== null && typeof value === 'object') {
      if (seen.has(value)) return '[circular]';
      seen.add(value);
    }
    return value;
  });
}
