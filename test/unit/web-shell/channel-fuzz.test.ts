import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, CHANNELS, type Channel } from '../../../electron/shared/contract';
import {
  asSent,
  mutate,
  pick,
  RawJson,
  seededRandom,
  toJsonText,
  VALID_INPUTS,
  type Rng,
} from './hostile-inputs';
import { spawnShellCli } from './shell-cli';
import { writeFakeRenderer } from './shell-fixture';

/**
 * Every channel of the browser shell, driven with hostile inputs over real HTTP: no answer may be
 * a 5xx, none may take longer than CALL_LIMIT_MS, and the shell must still answer afterwards.
 *
 * The shell runs as its own process (`npm run web`, with a small heap), so a call that hangs it or
 * kills it is seen as such rather than freezing the test. Seeded: set FUZZ_SEED to replay a run;
 * a failure names its seed and case.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
/** Random cases per channel (on top of the fixed ones below). */
const CASES_PER_CHANNEL = 12;
/** Generous: a busy machine answers a 1 MB body in well under a second. */
const CALL_LIMIT_MS = 15_000;
/** A body above the shell's limit (4 MB), sent chunked so no Content-Length announces it. */
const OVERSIZE = 5 * 1024 * 1024;

type Body =
  | { kind: 'json'; text: string }
  /** Transfer-Encoding: chunked, no Content-Length. */
  | { kind: 'chunked'; text: string }
  /** POST with neither body nor Content-Length. */
  | { kind: 'none' }
  | { kind: 'garbage'; text: string; contentType: string };

interface Case {
  label: string;
  channel: Channel;
  body: Body;
}

let dir: string;
let child: ChildProcess;
let origin: string;
let token: string;
let stderr = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'channel-fuzz-'));
  const rendererDir = path.join(dir, 'renderer');
  await writeFakeRenderer(rendererDir);
  child = spawnShellCli(
    ['--port', '0', '--no-open', '--renderer-dir', rendererDir, '--data-dir', path.join(dir, 'data')],
    {
      // A small heap, so a call that builds something huge fails in seconds, not minutes.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=384`,
      XDG_STATE_HOME: path.join(dir, 'state'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      // No session bus: the key goes to a file (never a real keyring).
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    },
  );

  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    stderr = (stderr + c).slice(-20_000);
  });
  exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  if (first.done) throw new Error(`the shell did not start; its log:\n${quoted(stderr)}`);
  const url = new URL((JSON.parse(String(first.value)) as { url: string }).url);
  origin = url.origin;
  token = url.searchParams.get('token')!;
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The shell's log for a failure message: whole lines (the last `max` characters, from the first
 * line that starts in them), each quoted. A line of the message that begins `at ` reads to vitest as
 * a stack frame: the log cut just before "… platform at http://127.0.0.1:1: the connection failed"
 * made it call new URL() on that text, which threw, crashed its reporter and hid this test's failure.
 */
function quoted(log: string, max = Infinity): string {
  const cut = log.slice(-max);
  return (cut.length < log.length ? cut.slice(cut.indexOf('\n') + 1) : cut)
    .trimEnd()
    .split('\n')
    .map((line) => `  | ${line}`)
    .join('\n');
}

/** One POST as a hostile caller sends it; the status, or why there was none. */
function send(c: Case): Promise<{ status: number; text: string } | { failure: string }> {
  return new Promise((resolve) => {
    const url = new URL(`/api/${c.channel}`, origin);
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, host: url.host };
    if (c.body.kind === 'json' || c.body.kind === 'chunked') headers['content-type'] = 'application/json';
    if (c.body.kind === 'garbage') headers['content-type'] = c.body.contentType;
    if (c.body.kind === 'json' || c.body.kind === 'garbage')
      headers['content-length'] = String(Buffer.byteLength(c.body.text));
    if (c.body.kind === 'chunked') headers['transfer-encoding'] = 'chunked';
    // A connection of its own per call (agent: false): Node's shared agent keeps a connection for
    // 5 s, as long as the shell's server keeps an idle one; this test or the shell paused past that
    // (a busy machine) can send its next call on a connection the shell has just closed ("socket
    // hang up", seen with both processes paused at random), which says nothing about the input.
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers,
        setHost: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (b: Buffer) => chunks.push(b));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (e) => resolve({ failure: `response broke: ${e.message}` }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ failure: `no answer within ${CALL_LIMIT_MS} ms` });
    }, CALL_LIMIT_MS);
    req.on('error', (e) => {
      clearTimeout(timer);
      resolve({ failure: `request failed: ${e.message}` });
    });
    if (c.body.kind === 'chunked') {
      // Several writes: each goes out as its own chunk.
      const text = c.body.text;
      const step = Math.max(1, Math.ceil(text.length / 3));
      for (let i = 0; i < text.length; i += step) req.write(text.slice(i, i + step));
      req.end();
    } else if (c.body.kind === 'none') req.end();
    else req.end(c.body.text);
  });
}

/** A random hostile case for a channel. */
function randomCase(rng: Rng, channel: Channel, n: number): Case {
  const valid = VALID_INPUTS[channel];
  const roll = rng();
  const input = asSent(channel, roll < 0.1 ? valid : mutate(rng, valid));
  const text = toJsonText(input);
  const label = `random #${n}`;
  if (roll < 0.6) return { label, channel, body: { kind: 'json', text } };
  if (roll < 0.85) return { label, channel, body: { kind: 'chunked', text } };
  if (roll < 0.92) return { label, channel, body: { kind: 'none' } };
  return {
    label,
    channel,
    body: {
      kind: 'garbage',
      text: pick(rng, ['{"a":', '[[[[', 'null null', text.slice(0, Math.max(1, text.length >> 1))]),
      contentType: pick(rng, ['application/json', 'text/plain', 'application/x-www-form-urlencoded']),
    },
  };
}

/** The cases known to have broken the shell: they run on every seed. */
function fixedCases(): Case[] {
  const wall = VALID_INPUTS['layouts:save'];
  const json = (channel: Channel, input: unknown, label: string): Case => ({
    label,
    channel,
    body: { kind: 'json', text: toJsonText(input) },
  });
  return [
    json('layouts:save', { ...wall, grid: { columns: 2, rows: 40_000_000 } }, 'rows 40 000 000'),
    json('layouts:save', { ...wall, grid: { columns: -1, rows: 2 } }, 'columns -1'),
    json('layouts:save', { ...wall, grid: { columns: 2 ** 53, rows: 2 } }, 'columns 2^53'),
    json('layouts:save', { ...wall, grid: { columns: new RawJson('1e999'), rows: 2 } }, 'columns 1e999'),
    json(
      'views:import',
      asSent('views:import', {
        doc: { ...VALID_INPUTS['views:import'].doc, views: [{ ...wall, grid: { columns: 2, rows: 4e7 } }] },
      }),
      'views:import rows 4e7',
    ),
    json(
      'provisioning:import',
      asSent('provisioning:import', {
        doc: {
          version: 1,
          layouts: [{ id: 'big', name: 'Big', profile: 'x', grid: { columns: 4e7, rows: 2 }, tiles: [] }],
        },
      }),
      'provisioning rows 4e7',
    ),
    ...CHANNELS.flatMap((channel): Case[] => [
      { label: 'no body', channel, body: { kind: 'none' } },
      {
        label: 'chunked body',
        channel,
        body: { kind: 'chunked', text: toJsonText(asSent(channel, VALID_INPUTS[channel]) ?? {}) },
      },
    ]),
    {
      label: 'oversize chunked body',
      channel: 'ui:set',
      body: { kind: 'chunked', text: 'x'.repeat(OVERSIZE) },
    },
  ];
}

describe(`every channel under hostile input (seed ${SEED})`, () => {
  it('mutates inputs that are valid to begin with (one hostile change from a real call)', () => {
    for (const channel of CHANNELS) {
      const parsed = channels[channel].input.safeParse(asSent(channel, VALID_INPUTS[channel]));
      expect(parsed.success ? channel : `${channel}: ${parsed.error.message}`).toBe(channel);
    }
  });

  it('answers each call below 500, in bounded time, and keeps serving', async () => {
    const rng = seededRandom(SEED);
    const cases = [
      ...fixedCases(),
      ...CHANNELS.flatMap((channel) =>
        Array.from({ length: CASES_PER_CHANNEL }, (_, n) => randomCase(rng, channel, n)),
      ),
    ];
    // Shuffled (seeded), so no channel's state only ever follows the same neighbours.
    for (let i = cases.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [cases[i], cases[j]] = [cases[j], cases[i]];
    }
    const bad: string[] = [];
    for (const [i, c] of cases.entries()) {
      const answer = await send(c);
      const body = c.body.kind === 'none' ? '(none)' : c.body.text;
      const what = `seed ${SEED}, case ${i} (${c.label}), ${c.channel} with ${c.body.kind} body ${body.slice(0, 160)}`;
      if ('failure' in answer) {
        bad.push(`${what}: ${answer.failure}`);
        // A shell that no longer answers fails every later call the same way: stop here.
        const probe = await send({ label: 'probe', channel: 'app:info', body: { kind: 'none' } });
        if ('failure' in probe) {
          bad.push(`the shell stopped answering after case ${i} (exit code ${child.exitCode})`);
          break;
        }
      } else if (answer.status >= 500)
        bad.push(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    expect(bad, `${bad.length} bad answers; shell log tail:\n${quoted(stderr, 2_000)}`).toEqual([]);

    // Still alive and answering, its documents readable.
    expect(child.exitCode).toBe(null);
    for (const channel of ['app:info', 'layouts:list', 'tours:list', 'settings:get'] as const) {
      const answer = await send({ label: 'after', channel, body: { kind: 'none' } });
      expect(answer).toMatchObject({ status: 200 });
      expect(JSON.parse((answer as { text: string }).text)).toMatchObject({ ok: true });
    }
    // A key never set reads as nothing: no polluted prototype answers for it.
    const polluted = await send({
      label: 'after',
      channel: 'ui:get',
      body: { kind: 'json', text: '{"key":"polluted"}' },
    });
    expect(JSON.parse((polluted as { text: string }).text)).toEqual({ ok: true, value: { value: null } });
  }, 240_000);
});
