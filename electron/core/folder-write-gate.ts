import path from 'node:path';
import { CoreError } from './core-error';
import type { NoticeInput } from './ports';

/**
 * Whether this process may still write into a folder it holds: resolves when it may, throws a
 * CoreError of kind 'storage' (saying why and what to do) when it may not.
 */
export type FolderGate = () => Promise<void>;

/**
 * The folders this process holds under a lock (the browser shell's data folder), each with its gate.
 *
 * Process state, like the lock itself: a shell that lost its data folder to another shell must not
 * write one more byte there, whichever part of the app writes (a store, the operator log). Every
 * writer of the app's files asks `checkWritable(file)` first (atomic-write.ts, the file store, the
 * operator log), so the check needs no wiring through each service. Empty until a folder is held.
 */
const gates = new Map<string, FolderGate>();

/** Hold `dirs` (the folder, and its real path if that differs) behind `gate`; returns the release. */
export function holdFolder(dirs: readonly string[], gate: FolderGate): () => void {
  const keys = [...new Set(dirs.map((dir) => path.resolve(dir)))];
  for (const key of keys) gates.set(key, gate);
  return () => {
    for (const key of keys) if (gates.get(key) === gate) gates.delete(key);
  };
}

/** Resolves when `file` may be written: it is in no held folder, or its folder's gate lets it. */
export async function checkWritable(file: string): Promise<void> {
  if (gates.size === 0) return;
  const target = path.resolve(file);
  for (const [dir, gate] of gates) {
    const relative = path.relative(dir, target);
    if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
      await gate();
      return;
    }
  }
}

/**
 * What a gate throws for a folder this process no longer holds: one instance per loss, so the first
 * writer that meets it can raise the one notice (claimNotice) and later ones only refuse.
 */
export class FolderLostError extends CoreError {
  private noticed = false;

  constructor(
    readonly dir: string,
    why: string,
  ) {
    super(
      'storage',
      `This shell no longer holds its data folder ${dir} (${why}), so it saves nothing more there: ` +
        'another shell may be using it. Close this one and use the other; what was changed here since is not kept.',
      undefined,
      { code: 'storage.folderLost', params: { dir } },
    );
    this.name = 'FolderLostError';
  }

  /** True the first time only: whoever gets it tells the user (a notice). */
  claimNotice(): boolean {
    if (this.noticed) return false;
    this.noticed = true;
    return true;
  }
}

/** The one notice of a lost data folder, coded as the refusal is. */
export function folderLostNotice(lost: FolderLostError): NoticeInput {
  return {
    level: 'error',
    source: 'data-folder',
    message: lost.message,
    ...(lost.code !== undefined && { code: lost.code }),
    ...(lost.params !== undefined && { params: lost.params }),
  };
}
