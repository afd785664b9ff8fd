import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../electron/web-shell/shell-app';
import { startShellFixture, type ShellFixture } from './shell-fixture';

/**
 * Bodies as clients really send them: with a Content-Length, chunked (no length announced), or
 * none at all. Each is read (up to the limit) and handed to the channel; none answers 500.
 */
let f: ShellFixture;
beforeAll(async () => {
  f = await startShellFixture();
});
afterAll(async () => {
  await f?.close();
});

/** Bytes exactly as written on the socket; the status line and body of the answer. */
function exchange(head: string, chunks: (string | Buffer)[] = []): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(f.shell.port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(head);
    for (const chunk of chunks) socket.write(chunk);
  });
}

const head = (channel: string, headers: string[]) =>
  [
    `POST /api/${channel} HTTP/1.1`,
    `Host: 127.0.0.1:${f.shell.port}`,
    `Authorization: Bearer ${f.shell.token}`,
    'Connection: close',
    ...headers,
    '',
    '',
  ].join('\r\n');

/** A chunked body, cut into pieces of `size` bytes. */
function chunked(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) {
    const piece = text.slice(i, i + size);
    out.push(`${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`);
  }
  return [...out, '0\r\n\r\n'];
}

/** The JSON result at the end of a (possibly chunked) answer body. */
const result = (body: string) =>
  JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)) as unknown;

describe('request bodies of every shape (browser shell)', () => {
  it('reads a chunked body without Content-Length and runs the channel', async () => {
    const input = JSON.stringify({ statsOverlay: true });
    const answer = await exchange(
      head('settings:set', ['Content-Type: application/json', 'Transfer-Encoding: chunked']),
      chunked(input, 4),
    );
    expect(answer.status).toBe(200);
    expect(result(answer.body)).toMatchObject({ ok: true, value: { statsOverlay: true } });
  });

  it('takes a POST with no body and no Content-Length as no input: the schema decides', async () => {
    const none = await exchange(head('app:info', []));
    expect(none.status).toBe(200);
    expect(result(none.body)).toMatchObject({ ok: true, value: { shell: 'web' } });

    const needsInput = await exchange(head('layouts:save', []));
    expect(needsInput.status).toBe(400);
    expect(result(needsInput.body)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });

    const emptyChunked = await exchange(
      head('layouts:rename', ['Content-Type: application/json', 'Transfer-Encoding: chunked']),
      ['0\r\n\r\n'],
    );
    expect(result(emptyChunked.body)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('refuses a chunked body past the limit with 413 as it arrives, and keeps serving', async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1024);
    const answer = await exchange(
      head('ui:set', ['Content-Type: application/json', 'Transfer-Encoding: chunked']),
      chunked(big, 256 * 1024),
    );
    expect(answer.status).toBe(413);
    expect(result(answer.body)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect((await f.call('app:info')).status).toBe(200);
  });

  it('refuses a body that is not UTF-8 with 400', async () => {
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0xfe, 0x7d]);
    const answer = await exchange(
      head('settings:set', ['Content-Type: application/json', `Content-Length: ${bytes.length}`]),
      [bytes],
    );
    expect([answer.status, result(answer.body)]).toMatchObject([
      400,
      { ok: false, error: { kind: 'invalid-input' } },
    ]);
  });
});
