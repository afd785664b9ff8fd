import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { ensureTestRenderer, TEST_RENDERER_BUILT_ENV } from './test-renderer';

/**
 * `npm test`: the whole suite in lanes that run side by side, one a core (two by default).
 *
 * Run one after the other, the steps left a core idle most of the time: the e2e specs mostly wait on
 * real time (media paced in real time, watchdogs, backoffs) while the type check, lint and unit files
 * mostly compute. So the first lane computes (typecheck, lint, unit) while the second drives Chromium
 * through the e2e specs, cut into shards (`vitest --shard`); each lane then takes the next shard left,
 * so neither waits for the other. Within a shard the specs still run one at a time: one Chromium a
 * lane. The renderer the specs serve is built once, before the first shard, and every shard serves that
 * build (a source edited meanwhile cannot make two shards rebuild it under each other). A failing step
 * does not stop its lane; the run fails if any step did, and names them at the end.
 * Every output line is prefixed with its step.
 *
 * TEST_LANES sets the number of lanes (1 runs everything in order, as a plain `vitest run` would);
 * E2E_SHARDS the number of e2e pieces (default 6).
 */

interface Step {
  name: string;
  command: string;
}

const lanes = Math.max(1, Number(process.env.TEST_LANES) || Math.min(2, availableParallelism()));
const shards = Math.max(1, Number(process.env.E2E_SHARDS) || 6);

/** What the first lane does before it helps with the e2e shards. */
const CHECKS: Step[] = [
  { name: 'typecheck', command: 'npm run -s typecheck' },
  { name: 'lint', command: 'npm run -s lint' },
  { name: 'unit', command: 'npx vitest run --project unit' },
];

/** The e2e specs (both projects), in shards any lane may take. */
const E2E: Step[] = Array.from({ length: shards }, (_, i) => ({
  name: shards === 1 ? 'e2e' : `e2e ${i + 1}/${shards}`,
  command: `npx vitest run --project e2e --project e2e-zlm${shards === 1 ? '' : ` --shard=${i + 1}/${shards} --passWithNoTests`}`,
}));

/** Run one step, its output prefixed with its name; resolves with its exit code. */
function run(step: Step): Promise<number> {
  const started = Date.now();
  process.stdout.write(`[${step.name}] $ ${step.command}\n`);
  // A shell, so `npm`/`npx` resolve on Windows too.
  const child = spawn(step.command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Build out/test-renderer once for every shard (children inherit the variable); whether it built. */
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
 * Run `own` steps in order, then e2e shards off the queue until none is left; the failed names. A failed
 * step does not stop the lane: one run names every failure (a type error does not hide a failing test).
 */
async function runLane(own: Step[], queue: Step[]): Promise<string[]> {
  const failed: string[] = [];
  for (const step of own) if ((await run(step)) !== 0) failed.push(step.name);
  for (let step = queue.shift(); step; step = queue.shift())
    if (!(await buildRendererOnce()) || (await run(step)) !== 0) failed.push(step.name);
  return failed;
}

async function main(): Promise<void> {
  const started = Date.now();
  const queue = [...E2E];
  const work =
    lanes === 1
      ? [runLane([...CHECKS, ...queue.splice(0)], [])]
      : [runLane(CHECKS, queue), ...Array.from({ length: lanes - 1 }, () => runLane([], queue))];
  const failed = (await Promise.all(work)).flat();
  const seconds = Math.round((Date.now() - started) / 1000);
  if (failed.length) {
    process.stdout.write(`\nsuite FAILED in ${seconds} s: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  } else process.stdout.write(`\nsuite passed in ${seconds} s\n`);
}

void main();
