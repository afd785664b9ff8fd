import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A platform that refuses everything and echoes the whole request (URL, headers, body) in its message. */
export async function startEchoPlatform(): Promise<{
  baseUrl: string;
  seen: string[];
  close(): Promise<void>;
}> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const echo = `${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`;
      seen.push(echo);
      const text = JSON.stringify({ code: 401, message: `refused: ${echo}`, details: { echo } });
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Read the shell's push events from Node: the same stream the page's EventSource gets. */
export function tapEvents(origin: string, token: string): { text: () => string; close(): void } {
  const abort = new AbortController();
  let text = '';
  void (async () => {
    const res = await fetch(`${origin}/api/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      text += decoder.decode(chunk, { stream: true });
  })().catch(() => undefined);
  return { text: () => text, close: () => abort.abort() };
}
