import { redactor as processRedactor, type Redactor } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

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
  /** Where finished lines go; stderr by default (stdout is kept for machine-readable output). */
  sink?: (line: string) => void;
  redact?: Redactor;
  /** Lines below this level are dropped; `info` by default. */
  level?: LogLevel;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const stderrSink = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export function createLogger(scope: string, opts: LoggerOptions = {}): Logger {
  const sink = opts.sink ?? stderrSink;
  const redact = opts.redact ?? processRedactor;
  const min = RANK[opts.level ?? 'info'];

  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>): void => {
    if (RANK[level] < min) return;
    try {
      let line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} [${scope}] ${msg}`;
      if (fields && Object.keys(fields).length > 0) line += ` ${stringifyFields(redact.redactValue(fields))}`;
      sink(redact.redact(line));
    } catch {
      // Logging must never break the caller: a failing sink or an odd field loses one line only.
    }
  };

  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (sub) => createLogger(`${scope}:${sub}`, { sink, redact, level: opts.level }),
  };
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
