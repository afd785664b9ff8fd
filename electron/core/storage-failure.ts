import type { ErrorParams } from '../shared/domain';
import { CoreError } from './core-error';
import { FolderLostError } from './folder-write-gate';

/** Codes that mean "the disk will not take these bytes", in words for the user and what to do. */
const CAUSES: Record<string, string> = {
  ENOSPC: 'the disk is full; free some space and try again',
  EDQUOT: 'the disk quota is used up; free some space and try again',
  EROFS: 'the folder is on a read-only file system; make it writable or start with another data folder',
  EACCES: 'this user may not write there; fix the folder’s permissions or start with another data folder',
  EPERM: 'this user may not write there; fix the folder’s permissions or start with another data folder',
  EIO: 'the disk reported an input/output error; check the disk',
};

/** The errno code of a file system error, if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The cause of a failed write in words: "the disk is full; free some space and try again (ENOSPC)". */
function describeStorageError(error: unknown): string {
  const code = errorCode(error);
  if (code && CAUSES[code]) return `${CAUSES[code]} (${code})`;
  if (error instanceof CoreError) return error.message;
  return code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Why a write failed, as parameters for the renderer: `cause` is the errno code the app has words
 * for (`ENOSPC`, ...) or `other`, with the technical words (`technical`) for a support ticket. A
 * storage error that already carries a cause (a file store's, wrapped by the document it held)
 * passes its cause on.
 */
function causeParams(error: unknown): ErrorParams {
  if (error instanceof CoreError && error.params?.cause !== undefined)
    return {
      cause: error.params.cause,
      ...(error.params.technical !== undefined && { technical: error.params.technical }),
    };
  const code = errorCode(error);
  if (code && CAUSES[code]) return { cause: code };
  return { cause: 'other', technical: code ?? (error instanceof Error ? error.message : String(error)) };
}

/**
 * What could not be kept, as a code and parameters (`storage.cannotSave` with `store: 'layouts'`),
 * for the renderer to word; the cause is added by storageFailure.
 */
export interface StorageSubject {
  code: 'storage.cannotSave' | 'storage.cannotRead' | 'storage.cannotWrite' | 'storage.cannotRemove';
  params: ErrorParams;
}

/**
 * A failed read or write of the app's own files as the typed error a caller sees: kind 'storage',
 * with what could not be kept and why ("The operator log could not be saved: the disk is full; …"),
 * coded by `subject` (else `storage.failed`) with the cause as parameters.
 *
 * A write refused because this shell lost its data folder (FolderLostError) is passed on as it is:
 * its message says what happened and what to do, and who meets it first raises the notice. Another
 * CoreError that is not about storage keeps its kind.
 */
export function storageFailure(error: unknown, what: string, subject?: StorageSubject): CoreError {
  if (error instanceof FolderLostError) return error;
  if (error instanceof CoreError && error.kind !== 'storage') return error;
  return new CoreError(
    'storage',
    `${what}: ${describeStorageError(error)}.`.replace(/\.\.$/, '.'),
    undefined,
    {
      code: subject?.code ?? 'storage.failed',
      params: { ...subject?.params, ...causeParams(error) },
    },
  );
}
