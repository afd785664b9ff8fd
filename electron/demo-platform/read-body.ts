import type { IncomingMessage } from 'node:http';
import { DemoHttpError } from './media-backend';

/** The largest request body the platform accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;

function tooLarge(limit: number): DemoHttpError {
  return new DemoHttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);
}

/**
 * Read a request body, refusing it as soon as it passes `limit` bytes.
 *
 * A declared Content-Length over the limit is refused before reading anything; a chunked body is
 * counted as it arrives and dropped at the limit, so a hostile client cannot make the server buffer
 * without bound.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
