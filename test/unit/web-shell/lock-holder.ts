/**
 * A child process for data-folder-trust.test.ts: a browser shell's data folder, held as a shell
 * holds it (openDataFolder), with the store behind `ui:set` on it.
 *
 * `node --import tsx lock-holder.ts <dataDir> <keyDir> <staleMs>`. Prints `{"ready": pid}` once it
 * holds the folder; then each stdin line `set <key> <value>` answers `{"ok": true}` or
 * `{"ok": false, "kind", "message"}`; a notice is printed as `{"notice": …}`, a lost lock as
 * `{"lost": message}`.
 */
import { createInterface } from 'node:readline';
import { CoreError } from '../../../electron/core/core-error';
import { createLogger } from '../../../electron/core/logger';
import { UiStateStore } from '../../../electron/core/ui-state-store';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { openDataFolder } from '../../../electron/web-shell/data-folder';

const [dataDir, keyDir, staleMs] = process.argv.slice(2);
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const folder = await openDataFolder(dataDir, {
  keyring: null,
  keyDir,
  lockStaleMs: Number(staleMs),
  log: createLogger('holder', { sink: (line) => process.stderr.write(`${line}\n`) }),
});
folder.onLost((lost) => say({ lost: lost.message }));
const ui = new UiStateStore(new FileStore(folder.dir), Date.now, (notice) => say({ notice }));
say({ ready: process.pid });

for await (const line of createInterface({ input: process.stdin })) {
  const [verb, key, value] = line.split(' ');
  if (verb !== 'set') continue;
  try {
    await ui.set(key, value);
    say({ ok: true });
  } catch (e) {
    say({ ok: false, kind: e instanceof CoreError ? e.kind : 'thrown', message: (e as Error).message });
  }
}
await folder.release();
