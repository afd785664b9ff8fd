import type { Core } from '../core/core';
import { CoreError } from '../core/core-error';
import { readProvisioningFile, type ProvisioningFileResult } from '../core/provisioning-file';
import { ProvisioningRefusedError } from './provisioning-refused';

/**
 * `--provision FILE`: the core's all-or-nothing import (its secrets then stripped from the file),
 * with refusals turned into one error that names every problem by its JSON path. A file that cannot
 * be read, or is over the 1 MB limit (checked before it is read), is refused the same way (path `$`).
 */
export async function importProvisioningFile(
  core: Pick<Core, 'applyProvisioningFile'>,
  file: string,
): Promise<ProvisioningFileResult> {
  try {
    await readProvisioningFile(file);
  } catch (error) {
    if (error instanceof CoreError)
      throw new ProvisioningRefusedError(file, error.message, error.details ?? []);
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'the file does not exist'
        : (error as Error).message;
    throw new ProvisioningRefusedError(file, reason, [{ path: '$', message: `cannot be read: ${reason}` }]);
  }
  try {
    return await core.applyProvisioningFile(file);
  } catch (error) {
    if (error instanceof CoreError)
      throw new ProvisioningRefusedError(file, error.message, error.details ?? []);
    throw error;
  }
}
