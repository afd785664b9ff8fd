import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fnv1a } from './fnv1a';

/** The streaming app segment of every path, as ZLMediaKit names GB28181 streams. */
const STREAM_APP = 'rtp';
/** Secrets kept per stream (a wall may open the same stream in several tiles). */
const MAX_SECRETS_PER_STREAM = 256;

/** A stream that streamStart has announced, and the secrets that may play it. */
export interface StreamRecord {
  app: string;
  streamId: string;
  deviceKey: string;
  sipId: string;
  channelId: string;
  clipIndex: number;
  /** secret → when it was minted (on the registry's clock). */
  secrets: Map<string, number>;
}

/**
 * The streams announced by streamStart, with the secrets minted for them.
 *
 * Every streamStart mints a fresh random secret bound to that stream; earlier ones stay valid until they
 * expire (when a TTL is set), so several tiles of one device do not lock each other out.
 */
export class StreamRegistry {
  private readonly streams = new Map<string, StreamRecord>();

  constructor(
    private readonly secretTtlMs: number | undefined,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Register (or refresh) a stream and mint a secret for it. */
  mint(request: { deviceKey: string; sipId: string; channelId: string; clipIndex: number }): {
    record: StreamRecord;
    secret: string;
  } {
    const sipId = request.sipId || defaultSipId(request.deviceKey, '132');
    const channelId = request.channelId || defaultSipId(request.deviceKey, '131');
    const streamId = `${sipId}_${channelId}`;
    let record = this.streams.get(streamId);
    if (!record) {
      record = {
        app: STREAM_APP,
        streamId,
        deviceKey: request.deviceKey,
        sipId,
        channelId,
        clipIndex: 0,
        secrets: new Map(),
      };
      this.streams.set(streamId, record);
    }
    // A stream id belongs to the device that last asked for it.
    record.deviceKey = request.deviceKey;
    record.clipIndex = request.clipIndex;
    const secret = randomBytes(16).toString('hex');
    record.secrets.set(secret, this.now());
    if (record.secrets.size > MAX_SECRETS_PER_STREAM) {
      record.secrets.delete(record.secrets.keys().next().value as string);
    }
    return { record, secret };
  }

  get size(): number {
    return this.streams.size;
  }

  lookup(app: string, streamId: string): StreamRecord | undefined {
    const record = this.streams.get(streamId);
    return record && record.app === app ? record : undefined;
  }

  /** Whether `secret` may play this stream now (constant-time compare, expiry when configured). */
  verify(record: StreamRecord, secret: string | null): boolean {
    if (!secret || !/^[0-9a-f]{32}$/.test(secret)) return false;
    const candidate = Buffer.from(secret, 'hex');
    for (const [known, mintedAt] of record.secrets) {
      if (!timingSafeEqual(Buffer.from(known, 'hex'), candidate)) continue;
      if (this.secretTtlMs !== undefined && this.now() - mintedAt > this.secretTtlMs) {
        record.secrets.delete(known);
        return false;
      }
      return true;
    }
    return false;
  }
}

/** A GB28181-shaped 20-digit id for a device that has none: centre code, type, serial from the key. */
function defaultSipId(deviceKey: string, type: string): string {
  return `3402000000${type}${String(fnv1a(deviceKey) % 10_000_000).padStart(7, '0')}`;
}
