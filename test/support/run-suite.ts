import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { ensureTestRenderer, TEST_RENDERER_BUILT_ENV } from './test-renderer';

/**
 * `npm test`: the whole suite in three lanes that run side by side.
 *
 * Run one after the other, the steps left a core idle most of the time: the e2e specs mostly wait on
 * real time (media paced in real time, watchdogs, backoffs; under half a core each, measured), and so
 * do the unit files of unit-real-time (paced media, child processes, brokers), while the type check,
 * lint and the other unit files compute. So one lane computes (typecheck, lint, unit); the second runs
 * most e2e specs, E2E_WORKERS files at a time (each file its own Chromium), vitest handing the next
 * file to whichever worker is free, so none waits for a slow file of another; the third runs the
 * real-time unit files several at once, then the other e2e specs (every TAIL_EVERY-th) one at a
 * time. The renderer the specs serve is
 * built once, before them (a source edited meanwhile cannot make two workers rebuild it under each
 * other). A failing step does not stop its lane; the run fails if any step did, and names them at the
 * end. Every output line is prefixed with its step.
 *
 * TEST_LANES=1 runs everything in order, one e2e file at a time, as a plain `vitest run` would;
 * E2E_WORKERS sets how many e2e files run at once (default 3 on two cores or more, 1 on one).
 */

interface Step {
  name: string;
  command: string;
  /** Added to the environment of its command. */
  env?: Record<string, string>;
}

const lanes = Math.max(1, Number(process.env.TEST_LANES) || Math.min(2, availableParallelism()));
const e2eWorkers =
  lanes === 1 ? 1 : Math.max(1, Number(process.env.E2E_WORKERS) || Math.min(2, availableParallelism()));

/** The first lane: what mostly computes. */
const CHECKS: Step[] = [
  { name: 'typecheck', command: 'npm run -s typecheck' },
  { name: 'lint', command: 'npm run -s lint' },
  { name: 'unit', command: 'npx vitest run --project unit --project unit-isolated' },
];

/**
 * The unit files that mostly wait on real time (paced media, child processes, brokers), several at
 * once (unit-real-time in vitest.config.ts): about half a minute beside the rest instead of two and
 * a half in the way of the unit files that compute.
 */
const UNIT_REAL_TIME: Step = { name: 'unit-real-time', command: 'npx vitest run --project unit-real-time' };

/** The e2e spec files, in name order. */
const E2E_FILES = readdirSync('test/e2e')
  .filter((name) => name.endsWith('.spec.ts'))
  .sort()
  .map((name) => `test/e2e/${name}`);
/**
 * Every TAIL_EVERY-th e2e file runs in the third lane, one at a time, once its own steps are done
 * (about a third of the specs' CPU, measured file by file: what that lane has to spare); the rest in
 * the second lane.
 */
const TAIL_EVERY = 3;
const E2E_TAIL_FILES = E2E_FILES.filter((_, i) => i % TAIL_EVERY === TAIL_EVERY - 1);

/** The e2e specs, `e2eWorkers` files at a time (read by vitest.config.ts); `files`: only those. */
function e2eStep(name: string, files: string[] | undefined, workers: number): Step {
  return {
    name,
    command: `npx vitest run --project e2e${files ? ` ${files.join(' ')}` : ''}`,
    env: { E2E_WORKERS: String(workers) },
  };
}
const E2E = e2eStep('e2e', undefined, e2eWorkers);
const E2E_MAIN = e2eStep(
  'e2e',
  E2E_FILES.filter((file) => !E2E_TAIL_FILES.includes(file)),
  e2eWorkers,
);
const E2E_TAIL = e2eStep('e2e-tail', E2E_TAIL_FILES, 1);

/** Run one step, its output prefixed with its name; resolves with its exit code. */
function run(step: Step): Promise<number> {
  const started = Date.now();
  const env = Object.entries(step.env ?? {}).map(([k, v]) => `${k}=${v} `);
  process.stdout.write(`[${step.name}] $ ${env.join('')}${step.command}\n`);
  // A shell, so `npm`/`npx` resolve on Windows too.
  const child = spawn(step.command, {
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env },
  });
  const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
      out.write(`[${step.name}] ${line}\n`),
    );
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const status = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`[${step.name}] ${status} in ${seconds} s\n`);
      resolve(code ?? 1);
    });
  });
}

let rendererBuilt: Promise<boolean> | undefined;

/** Build out/test-renderer once for the e2e step (its workers inherit the variable); whether it built. */
function buildRendererOnce(): Promise<boolean> {
  rendererBuilt ??= ensureTestRenderer((line) => process.stdout.write(`[renderer] ${line}\n`)).then(
    (dir) => {
      process.env[TEST_RENDERER_BUILT_ENV] = dir;
      return true;
    },
    (error: unknown) => {
      process.stdout.write(`[renderer] FAILED: ${String(error)}\n`);
      return false;
    },
  );
  return rendererBuilt;
}

/**
 * Run the steps in order; the failed names. A failed step does not stop the lane: one run names every
 * failure (a type error does not hide a failing test). An e2e step first has the renderer built (once).
 */
async function runLane(steps: Step[]): Promise<string[]> {
  const failed: string[] = [];
  for (const step of steps) {
    const e2e = step.command.includes('--project e2e');
    const ok = (!e2e || (await buildRendererOnce())) && (await run(step)) === 0;
    if (!ok) failed.push(step.name);
  }
  return failed;
}

async function main(): Promise<void> {
  const started = Date.now();
  const work =
    lanes === 1
      ? [runLane([...CHECKS, UNIT_REAL_TIME, E2E])]
      : [runLane(CHECKS), runLane([E2E_MAIN]), runLane([UNIT_REAL_TIME, E2E_TAIL])];
  const failed = (await Promise.all(work)).flat();
  const seconds = Math.round((Date.now() - started) / 1000);
  if (failed.length) {
    process.stdout.write(`\nsuite FAILED in ${seconds} s: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  } else process.stdout.write(`\nsuite passed in ${seconds} s\n`);
}

void main();
