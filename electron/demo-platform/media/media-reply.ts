import type { ServerResponse } from 'node:http';

/**
 * The media server's CORS headers, one set a family of paths: any page may play the demo's media
 * (`methods`: what those paths take).
 */
export function corsHeaders(methods: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': '*',
    'Access-Control-Expose-Headers': '*',
    'Access-Control-Max-Age': '600',
  };
}

/** A plain-text answer of the media server (a refusal, a 404, a 405): never cached. */
export function sendText(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string>,
): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(`${message}\n`);
}
