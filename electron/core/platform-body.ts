import { PlatformError } from './platform-error';
import { joinBytes } from '../shared/join-bytes';

/** Far above any real page (100 devices is ~60 KiB); a body past this is a broken or hostile server. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * A response body as text, read at most MAX_RESPONSE_BYTES far.
 *
 * A declared length past the bound is refused unread; a body that grows past it is cut off. Reading
 * stops as soon as the signal aborts (an AbortError DOMException), so a timeout also covers a body
 * that stalls half way.
 */
export async function readBody(response: Response, signal: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_RESPONSE_BYTES) {
        stop();
        throw tooLarge();
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  return new TextDecoder().decode(joinBytes(chunks));
}

function tooLarge(): PlatformError {
  return new PlatformError(
    'bad-response',
    `The platform's answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB; it was not read.`,
    { code: 'platform.tooLarge', params: { mib: MAX_RESPONSE_BYTES / 1024 / 1024 } },
  );
}
