import { open } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOG_NAME, rotatedLogName } from './log-rotating-file';
import { redactor as processRedactor, type Redactor } from './redact';

export const DEFAULT_TAIL_BYTES = 64 * 1024;

export interface LogTailOptions {
  /** The current file's name in `dir`; `wall.log` by default. */
  name?: string;
  /** Applied once more on the way out, for secrets registered after their line was written. */
  redact?: Redactor;
}

/**
 * The last `maxBytes` of the log in `dir`, whole lines only, oldest first: for "Copy diagnostics".
 *
 * When the current file holds less (it was just rotated) the rest comes from the end of the files
 * before it. A folder with no log yet gives ''. The text passes the redactor again before it is returned.
 */
export async function readLogTail(
  dir: string,
  maxBytes: number = DEFAULT_TAIL_BYTES,
  options: LogTailOptions = {},
): Promise<string> {
  const name = options.name ?? DEFAULT_LOG_NAME;
  const redact = options.redact ?? processRedactor;
  const parts: Buffer[] = [];
  let remaining = Math.max(0, Math.floor(maxBytes));
  let cut = false;
  for (let index = 0; remaining > 0; index += 1) {
    const end = await readEnd(path.join(dir, rotatedLogName(name, index)), remaining);
    if (end === undefined) break;
    parts.unshift(end.bytes);
    remaining -= end.bytes.length;
    cut = end.cut;
  }
  let text = Buffer.concat(parts);
  // A cut leaves half a line (and maybe half a character) at the start: drop it.
  if (cut) {
    const newline = text.indexOf(0x0a);
    text = newline === -1 ? Buffer.alloc(0) : text.subarray(newline + 1);
  }
  return redact.redact(text.toString('utf8'));
}

/**
 * The last `max` bytes of a file, and whether they begin inside a line (the byte before them is not a
 * newline); undefined when the file is missing.
 */
async function readEnd(file: string, max: number): Promise<{ bytes: Buffer; cut: boolean } | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, max);
    // One byte more, before the start, tells whether the first line is whole.
    const before = length < size ? 1 : 0;
    const bytes = Buffer.alloc(length + before);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, size - length - before);
    const read = bytes.subarray(0, bytesRead);
    if (before === 0) return { bytes: read, cut: false };
    return { bytes: read.subarray(1), cut: read[0] !== 0x0a };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
