#!/usr/bin/env node
/**
 * `npm start`: make sure Electron's binary is there, build the app, launch it.
 *
 * Electron 45 fetches its binary lazily, the first time it is used, not at `npm install`. On a machine
 * that cannot reach the download host that fetch fails, so this script checks for the binary FIRST
 * (before spending time on a build), bounds the download in time, and when it fails explains the
 * situation in one paragraph and names the alternative that needs no download: the browser shell.
 *
 * Extra arguments are passed to the app: `npm start -- --provision wall.json`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** How long the first-run download may take before it counts as failed (override for slow links). */
const DOWNLOAD_TIMEOUT_MS = Number(process.env.WALL_ELECTRON_DOWNLOAD_TIMEOUT_MS ?? 60_000);

/** Options of the app whose value is a path: made absolute against the directory `npm start` ran in. */
const PATH_OPTIONS = ['--provision', '--user-data-dir'];

// Resolving package.json does not run electron/index.js (which would start a blocking download).
const electronDir = path.dirname(require.resolve('electron/package.json'));
const electronVersion = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version;

/** The binary's path if it is installed, without triggering any download. */
function installedBinary() {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(electronDir, 'dist');
  const binary = path.join(distDir, relative);
  return existsSync(binary) ? binary : null;
}

/**
 * Run Electron's own installer (what `require('electron')` would do), bounded in time.
 *
 * @returns null on success, else a one-line reason.
 */
function downloadBinary() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(electronDir, 'install.js')], {
      cwd: electronDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(`no answer within ${Math.ceil(DOWNLOAD_TIMEOUT_MS / 1000)} s`);
    }, DOWNLOAD_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) return resolve(null);
      // The installer prints a stack; its first line holds the reason ("TypeError: fetch failed", "getaddrinfo ENOTFOUND ...").
      const firstLine = output.split('\n').find((line) => line.trim() !== '');
      resolve(firstLine?.trim() ?? `installer exited with code ${code}`);
    });
  });
}

function explainMissingBinary(reason) {
  const paragraph =
    `Electron's binary could not be downloaded (${reason}). Electron ${electronVersion} fetches its ` +
    `binary from the internet the first time the desktop app starts, and this machine is offline or ` +
    `cannot reach the download host (github.com, or ELECTRON_MIRROR if set). The same app runs in any ` +
    `Chromium-based browser without that download: run \`npm run web\` and open the URL it prints. ` +
    `To use the desktop app, run \`npm start\` again once the machine can reach the download host, ` +
    `or point ELECTRON_MIRROR at a mirror it can reach.`;
  console.error(`\n${paragraph}\n`);
}

/** Run a command with inherited output; resolves to its exit code. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`[start] could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** `--provision file.json` is relative to where the user typed `npm start`, not to the repository root. */
function appArguments(args) {
  const userCwd = process.env.INIT_CWD || process.cwd();
  const absolute = (value) => path.resolve(userCwd, value);
  return args.map((arg, index) => {
    const option = PATH_OPTIONS.find((name) => arg.startsWith(`${name}=`));
    if (option) return `${option}=${absolute(arg.slice(option.length + 1))}`;
    if (index > 0 && PATH_OPTIONS.includes(args[index - 1]) && !arg.startsWith('--')) return absolute(arg);
    return arg;
  });
}

async function main() {
  let binary = installedBinary();
  if (!binary) {
    console.error(`[start] Fetching Electron ${electronVersion} (first run only)…`);
    const failure = await downloadBinary();
    binary = failure ? null : installedBinary();
    if (!binary) {
      explainMissingBinary(failure ?? 'the installer finished but left no binary');
      return 1;
    }
  }

  const buildCode = await run(process.execPath, [
    path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'),
    'build',
  ]);
  if (buildCode !== 0) {
    console.error('[start] The build failed; see the messages above.');
    return buildCode;
  }

  const env = { ...process.env };
  // Set by some tools (and by Electron for its own children); it would start Electron as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  return run(binary, ['.', ...appArguments(process.argv.slice(2))], { env });
}

process.exitCode = await main();
