import { PictureBatch } from './picture-batch';

/** What stands between the connection and mpegts.js: the FLV keyframe gate, the TS filter. */
export interface ChunkFilter {
  /** The bytes to pass on for one chunk as it came (the chunk itself, a new array, or an empty one). */
  push(chunk: Uint8Array): Uint8Array;
}

/** mpegts.js's loader states and error names (io/loader.js), as its IOController reads them. */
const STATUS = { idle: 0, connecting: 1, buffering: 2, error: 3, complete: 4 } as const;
const ERRORS = {
  exception: 'Exception',
  httpStatus: 'HttpStatusCodeInvalid',
  earlyEof: 'EarlyEof',
} as const;

interface DataSource {
  url: string;
}
type ErrorInfo = { code: number; msg: string };

/**
 * What mpegts.js's IOController asks of a loader (`customLoader`, see mpegts.js io/loader.js and
 * io-controller.js): it sets the callbacks, calls `open`, reads `status` and `isWorking()`, and
 * `abort()`s and `destroy()`s it.
 */
export interface MpegtsLoader {
  readonly type: string;
  readonly status: number;
  readonly needStashBuffer: boolean;
  onContentLengthKnown: ((length: number) => void) | null;
  onURLRedirect: ((url: string) => void) | null;
  onDataArrival: ((chunk: ArrayBuffer, byteStart: number, receivedLength: number) => void) | null;
  onError: ((type: string, info: ErrorInfo) => void) | null;
  onComplete: ((from: number, to: number) => void) | null;
  isWorking(): boolean;
  open(dataSource: DataSource): void;
  abort(): void;
  destroy(): void;
}

/**
 * A loader class for mpegts.js's `customLoader` that reads a live stream over WebSocket (ws, wss) or
 * a streaming fetch (http, https) and passes every chunk through `gate` before mpegts.js sees it:
 * what the gate leaves out never reaches the demuxer, the remuxer, MSE or the decoder.
 *
 * mpegts.js does not export its own loaders, so these two are written here to behave as its
 * WebSocketLoader and FetchStreamLoader do for a live stream (no ranges, no seeking): binary
 * messages, a close that was not asked for "completes" the stream, an HTTP error status is reported
 * as `HttpStatusCodeInvalid` with the status as its code. Byte offsets are those of the bytes passed
 * on, so mpegts.js sees one contiguous stream.
 */
export function gatedLoaderClass(
  gate: ChunkFilter,
  /** Called once the connection is made: the socket opened, or the response's headers came with 2xx. */
  onConnected?: () => void,
  /**
   * Called with the size of every chunk as it came off the connection, before the gate: what the
   * tile receives (mpegts.js's own speed counts only what the gate passed on, a fraction in overview).
   */
  onReceived?: (bytes: number) => void,
  /**
   * Gather what the filter passes on into deliveries of several pictures (picture-batch.ts):
   * `pictures()` counts the pictures the filter has passed so far, `gather()` says how many to gather
   * now (1: none held).
   */
  batch?: { pictures: () => number; gather: () => number; maxHoldMs: number },
): new () => MpegtsLoader {
  return class GatedLoader implements MpegtsLoader {
    readonly type = 'gated-loader';
    readonly needStashBuffer = true;
    status: number = STATUS.idle;
    onContentLengthKnown: ((length: number) => void) | null = null;
    onURLRedirect: ((url: string) => void) | null = null;
    onDataArrival: ((chunk: ArrayBuffer, byteStart: number, receivedLength: number) => void) | null = null;
    onError: ((type: string, info: ErrorInfo) => void) | null = null;
    onComplete: ((from: number, to: number) => void) | null = null;
    private socket: WebSocket | null = null;
    private abortController: AbortController | null = null;
    private aborted = false;
    /** Bytes passed on to mpegts.js. */
    private passed = 0;
    private readonly batcher = batch
      ? new PictureBatch({
          gather: batch.gather,
          maxHoldMs: batch.maxHoldMs,
          deliver: (bytes) => this.pass(bytes),
        })
      : null;

    isWorking(): boolean {
      return this.status === STATUS.connecting || this.status === STATUS.buffering;
    }

    open(dataSource: DataSource): void {
      this.status = STATUS.connecting;
      if (/^wss?:\/\//i.test(dataSource.url)) this.openSocket(dataSource.url);
      else this.openFetch(dataSource.url);
    }

    abort(): void {
      this.aborted = true;
      this.batcher?.clear();
      const socket = this.socket;
      this.socket = null;
      if (socket && (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN))
        socket.close();
      try {
        this.abortController?.abort();
      } catch {
        // already aborted
      }
      this.status = STATUS.complete;
    }

    destroy(): void {
      if (this.socket || this.isWorking()) this.abort();
      this.status = STATUS.idle;
      this.onContentLengthKnown = null;
      this.onURLRedirect = null;
      this.onDataArrival = null;
      this.onError = null;
      this.onComplete = null;
    }

    private openSocket(url: string): void {
      let socket: WebSocket;
      try {
        socket = new WebSocket(url);
      } catch (error) {
        this.error(ERRORS.exception, { code: -1, msg: messageOf(error) });
        return;
      }
      this.socket = socket;
      socket.binaryType = 'arraybuffer';
      socket.onopen = () => {
        if (this.socket !== socket) return;
        this.status = STATUS.buffering;
        onConnected?.();
      };
      socket.onmessage = (event: MessageEvent) => {
        if (this.socket !== socket) return;
        if (event.data instanceof ArrayBuffer) this.deliver(new Uint8Array(event.data));
        else this.error(ERRORS.exception, { code: -1, msg: 'a WebSocket message that is not binary' });
      };
      socket.onclose = () => {
        if (this.socket !== socket || this.aborted) return;
        this.socket = null;
        this.batcher?.flush();
        this.status = STATUS.complete;
        this.onComplete?.(0, this.passed - 1);
      };
      socket.onerror = () => {
        if (this.socket !== socket || this.aborted) return;
        this.error(ERRORS.exception, { code: -1, msg: 'WebSocket error' });
      };
    }

    private openFetch(url: string): void {
      const controller = new AbortController();
      this.abortController = controller;
      fetch(url, { method: 'GET', mode: 'cors', cache: 'default', signal: controller.signal })
        .then(async (response) => {
          if (this.aborted) {
            await response.body?.cancel().catch(() => undefined);
            return;
          }
          if (!response.ok) {
            this.error(ERRORS.httpStatus, { code: response.status, msg: response.statusText });
            return;
          }
          onConnected?.();
          if (response.url && response.url !== url) this.onURLRedirect?.(response.url);
          const length = Number(response.headers.get('Content-Length'));
          if (length > 0) this.onContentLengthKnown?.(length);
          const reader = response.body?.getReader();
          if (!reader) {
            this.error(ERRORS.exception, { code: -1, msg: 'the response has no body stream' });
            return;
          }
          for (;;) {
            const { done, value } = await reader.read();
            if (this.aborted) {
              await reader.cancel().catch(() => undefined);
              return;
            }
            if (done) break;
            this.status = STATUS.buffering;
            if (value) this.deliver(value);
          }
          this.batcher?.flush();
          this.status = STATUS.complete;
          this.onComplete?.(0, this.passed - 1);
        })
        .catch((error: unknown) => {
          if (this.aborted || controller.signal.aborted) return;
          const network = error instanceof TypeError;
          this.error(network && this.passed > 0 ? ERRORS.earlyEof : ERRORS.exception, {
            code: -1,
            msg: messageOf(error),
          });
        });
    }

    private deliver(chunk: Uint8Array): void {
      if (this.aborted) return;
      onReceived?.(chunk.byteLength);
      const before = batch ? batch.pictures() : 0;
      const out = gate.push(chunk);
      if (this.batcher) this.batcher.add(out, batch!.pictures() - before);
      else this.pass(out);
    }

    private pass(out: Uint8Array): void {
      if (this.aborted || out.byteLength === 0) return;
      const start = this.passed;
      this.passed += out.byteLength;
      const buffer =
        out.byteOffset === 0 && out.byteLength === out.buffer.byteLength
          ? (out.buffer as ArrayBuffer)
          : (out.slice().buffer as ArrayBuffer);
      this.onDataArrival?.(buffer, start, this.passed);
    }

    private error(type: string, info: ErrorInfo): void {
      this.status = STATUS.error;
      this.onError?.(type, info);
    }
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
