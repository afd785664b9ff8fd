import { isPng, MAX_SNAPSHOT_BYTES, snapshotFileName } from '../../shared/snapshot';
import type { CoreContext } from '../core-context';
import { CoreError } from '../core-error';
import type { CoreHandlers } from '../run-handler';

/**
 * A tile's snapshot into the shell's snapshot folder (the desktop app: Pictures), named from the
 * device and the local time the frame was taken. The browser shell has no such folder: its page
 * downloads the PNG, and this channel says so.
 */
export function snapshotHandlers(ctx: CoreContext): Pick<CoreHandlers, 'snapshots:save'> {
  return {
    'snapshots:save': async ({ deviceName, takenAt, png }) => {
      const folder = ctx.ports.snapshots;
      if (!folder)
        throw new CoreError(
          'not-configured',
          'This shell has no snapshot folder: the browser saves snapshots as downloads.',
          undefined,
          { code: 'snapshot.noFolder' },
        );
      const bytes = Buffer.from(png, 'base64');
      if (!isPng(bytes))
        throw new CoreError(
          'invalid-input',
          'The snapshot is not a PNG image.',
          [{ path: 'png', message: 'not a PNG image (base64)', code: 'snapshot.problem.notPng' }],
          { code: 'snapshot.notPng' },
        );
      const maxMb = MAX_SNAPSHOT_BYTES / 1024 / 1024;
      if (bytes.length > MAX_SNAPSHOT_BYTES)
        throw new CoreError(
          'invalid-input',
          'The snapshot is larger than the app saves.',
          [
            {
              path: 'png',
              message: `at most ${maxMb} MB`,
              code: 'snapshot.problem.tooLarge',
              params: { maxMb },
            },
          ],
          { code: 'snapshot.tooLarge', params: { maxMb } },
        );
      const name = snapshotFileName(deviceName, takenAt);
      try {
        const saved = await folder.save(name, bytes);
        ctx.log.info(`snapshot of ${deviceName} saved as ${saved.name}`);
        return saved;
      } catch (error) {
        const technical = (error as Error).message ?? String(error);
        throw new CoreError('storage', `The snapshot could not be saved (${technical}).`, undefined, {
          code: 'snapshot.saveFailed',
          params: { technical },
        });
      }
    },
  };
}
