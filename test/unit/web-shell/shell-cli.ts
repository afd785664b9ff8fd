import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const CLI = path.resolve('electron/web-shell/cli.ts');

/**
 * `npm run web` as a child process: this Node with tsx's loader, not the `tsx` command, so the
 * shell is one process (its pid is the one holding the data folder's lock) and a signal reaches the
 * shell's own handler, never a relay (which answered 143 to a SIGTERM on a busy machine and left the
 * shell running after a SIGKILL). `env` is added to this process's.
 */
export function spawnShellCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The shell's command line with its stdout as lines, its exit code and everything it wrote to stderr. */
export function runShellCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawnShellCli(args, env);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited, stderr: () => stderr };
}

/** The URL a started shell printed first (the page and its token). */
export async function firstUrl(proc: ReturnType<typeof runShellCli>): Promise<URL> {
  const first = await proc.lines.next();
  if (first.done) throw new Error(`the shell printed no URL: ${proc.stderr()}`);
  return new URL((JSON.parse(String(first.value)) as { url: string }).url);
}
