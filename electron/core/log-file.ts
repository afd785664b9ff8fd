import path from 'node:path';
import { attachLogSink, createLogger, stderrSink, type Logger, type LoggerOptions } from './logger';
import { RotatingLogFile, type RotatingLogFileOptions } from './log-rotating-file';
import { readLogTail, DEFAULT_TAIL_BYTES } from './log-tail';

/** The log lives in `<data folder>/logs/wall.log`, 5 MiB a file, 5 files kept (25 MiB at most). */
const LOG_DIR_NAME = 'logs';

/** A shell's log file, attached to every default logger until `close`. */
export interface FileLogging {
  /** The logs folder (`<data folder>/logs`). */
  readonly dir: string;
  /** The current file (`<data folder>/logs/wall.log`). */
  readonly file: string;
  /** A logger whose lines go to stderr and to the file (as every logger made without its own sink does). */
  logger(scope: string, options?: Omit<LoggerOptions, 'sink'>): Logger;
  /** The last `maxBytes` of the log, whole lines, redacted again (for "Copy diagnostics"). */
  tail(maxBytes?: number): Promise<string>;
  /** Resolves once every line logged so far is on disk (or the file is failing). */
  flush(): Promise<void>;
  /** Write what is still queued, synchronously: for `process.on('exit')` and fatal paths. */
  flushSync(): void;
  /** Stop writing to the file (lines still go to stderr), after flushing what is queued. */
  close(): Promise<void>;
}

/**
 * Start writing the log to `<dataDir>/logs/wall.log` as well as to stderr: every logger made without
 * its own sink, the module-level ones included, writes each line (already redacted, see logger.ts) to
 * the file too. The file rotates at `maxBytes` and keeps `maxFiles` files; it is written asynchronously,
 * and a failing disk is reported on stderr and never thrown (see RotatingLogFile).
 *
 * Call it once per process, with the data folder, as early as the folder is known; call `close` (or at
 * least `flushSync`) when the shell stops.
 */
export function startFileLogging(dataDir: string, options: RotatingLogFileOptions = {}): FileLogging {
  const dir = path.join(dataDir, LOG_DIR_NAME);
  const file = new RotatingLogFile(dir, {
    ...options,
    // Straight to stderr: through a logger it would queue the report into the failing file.
    onError:
      options.onError ?? ((message) => stderrSink(`${new Date().toISOString()} WARN  [log-file] ${message}`)),
  });
  const detach = attachLogSink((line) => file.write(line));
  return {
    dir,
    file: file.path,
    logger: (scope, loggerOptions) => createLogger(scope, { ...loggerOptions }),
    async tail(maxBytes = DEFAULT_TAIL_BYTES) {
      await file.flush();
      return readLogTail(dir, maxBytes, { name: options.name });
    },
    flush: () => file.flush(),
    flushSync: () => file.flushSync(),
    close() {
      detach();
      return file.close();
    },
  };
}
