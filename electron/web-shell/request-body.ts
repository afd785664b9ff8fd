/** What reading a request body gave: its text, or why there is none to use. */
export type BodyRead =
  | { kind: 'text'; text: string }
  | { kind: 'too-large' }
  | { kind: 'not-utf8' }
  | { kind: 'broken'; message: string };

/**
 * Read a request's body as UTF-8 text, at most `maxBytes` of it, however it is sent: with a
 * Content-Length (refused before reading when it announces too much), chunked (counted as it
 * arrives, and refused the moment it passes the limit, the rest left unread), or with no body at
 * all (''). Hono's own bodyLimit fails on a body without Content-Length in this adapter, hence this.
 */
export async function readBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes)
    return { kind: 'too-large' };
  if (!request.body) return { kind: 'text', text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { kind: 'too-large' };
      }
      chunks.push(value);
    }
  } catch (e) {
    return { kind: 'broken', message: (e as Error)?.message ?? String(e) };
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { kind: 'not-utf8' };
  }
}
