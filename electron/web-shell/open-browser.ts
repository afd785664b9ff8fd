import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../core/logger';

/**
 * Open the default browser on the shell's URL without putting the token on a command line.
 *
 * Any local user can read another process's arguments (`ps`), so the opener gets a file: a small
 * owner-only (0600) page in the data folder that forwards to the URL. Returns a function that
 * removes the page. Failing to open (no desktop, no xdg-open) only logs: the URL is printed anyway.
 */
export async function openInBrowser(url: string, dataDir: string, log: Logger): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'open-browser.html');
  const remove = () => rm(file, { force: true });
  const attr = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  await writeFile(
    file,
    `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${attr}">` +
      `<title>Control Room Wall</title></head><body>Opening the wall…</body></html>\n`,
    { mode: 0o600 },
  );
  const target = pathToFileURL(file).href;
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [target]]
      : process.platform === 'win32'
        ? ['explorer.exe', [target]]
        : ['xdg-open', [target]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', (error) =>
      log.warn(`could not open a browser (${error.message}): open the printed URL yourself`),
    );
    child.unref();
  } catch (error) {
    log.warn(`could not open a browser (${(error as Error).message}): open the printed URL yourself`);
  }
  return remove;
}
