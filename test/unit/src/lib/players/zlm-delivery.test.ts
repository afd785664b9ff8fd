import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  flvHeader,
  flvMetadataTag,
  flvSequenceHeaderTag,
  flvVideoTag,
  loadClips,
  type Clip,
} from '../../../../../electron/demo-platform/media';
import { ZLM_MUTE_ADTS } from '../../../../../electron/demo-platform/media/aac-adts';
import { flvAudioTag, flvTagParts } from '../../../../../electron/demo-platform/media/flv-muxer';
import type { MpegtsLoader } from '../../../../../src/lib/players/gated-loader';
import { FakeMediaElement } from './fake-video';
import { made } from './mpegts-stand-in';

/**
 * What a WS-FLV tile hands mpegts.js when the stream comes as ZLMediaKit sends it: the file header in
 * one WebSocket message, then every tag in three (its 11-byte header, its body, its PreviousTagSize),
 * a silent AAC track beside the pictures. mpegts.js demuxes a tag only once its PreviousTagSize has
 * come: a delivery cut before it leaves the last picture in mpegts.js's stash (copied there, and
 * copied again with the next delivery) until the next one. Real bytes (the demo's muxer and clip) and
 * the real loader, keyframe gate and batching; mpegts.js itself is a recording stand-in.
 */

vi.mock('mpegts.js', () => import('./mpegts-stand-in'));

const { MpegtsPlayer } = await import('../../../../../src/lib/players/mpegts-player');

/** A WebSocket the test speaks through: open, then binary messages. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = FakeSocket.OPEN;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(bytes: Uint8Array): void {
    const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    this.onmessage?.({ data });
  }
  close(): void {
    this.readyState = 3;
  }
}

/** A frame of ZLMediaKit's silent AAC track (its own bytes, without their ADTS header), as an FLV tag. */
function silentAacTag(timestampMs: number): Buffer {
  return flvAudioTag(Buffer.from([0xaf, 1]), ZLM_MUTE_ADTS.subarray(7), timestampMs);
}

/** Where each tag of an FLV byte stream ends (after its PreviousTagSize); throws on a broken stream. */
function tagEnds(bytes: Buffer): Set<number> {
  expect(bytes.subarray(0, 3).toString('latin1')).toBe('FLV');
  let at = bytes.readUInt32BE(5) + 4;
  const ends = new Set<number>([at]);
  while (at < bytes.length) {
    const size = bytes.readUIntBE(at + 1, 3);
    expect(bytes.readUInt32BE(at + 11 + size), 'PreviousTagSize').toBe(11 + size);
    at += 11 + size + 4;
    ends.add(at);
  }
  expect(at).toBe(bytes.length);
  return ends;
}

let clip: Clip;
beforeAll(async () => {
  clip = (await loadClips())[0];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a WS-FLV tile fed as ZLMediaKit sends (a tag in three messages)', () => {
  it('hands mpegts.js two whole pictures a delivery, each delivery ending where a tag ends', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const url = 'ws://media.test/live/cam.live.flv';
    const player = new MpegtsPlayer({ url, transport: 'ws-flv', tls: false }, { frameCallbacks: false });
    player.attach(new FakeMediaElement().asElement());
    player.start();
    const Loader = made.at(-1)!.config.customLoader as new () => MpegtsLoader;
    const loader = new Loader();
    const deliveries: Buffer[] = [];
    loader.onDataArrival = (chunk) => void deliveries.push(Buffer.from(chunk));
    loader.open({ url });
    const socket = FakeSocket.last!;
    socket.onopen?.();

    socket.send(flvHeader());
    const tags = [
      flvMetadataTag({ width: clip.width, height: clip.height, fps: 25 }, 0),
      flvSequenceHeaderTag(clip.sps, clip.pps, 0),
    ];
    const pictures = 20;
    for (let i = 0; i < pictures; i++) {
      const frame = clip.frames[i % clip.frames.length];
      tags.push(flvVideoTag(frame.avcc, frame.key, i * 40), silentAacTag(i * 40 + 10));
    }
    // Each part its own message, as fast as they come: no batching timer runs out in between.
    for (const tag of tags) for (const part of flvTagParts(tag)) socket.send(part);

    const stream = Buffer.concat(deliveries);
    const ends = tagEnds(stream);
    let at = 0;
    for (const delivery of deliveries) {
      at += delivery.byteLength;
      expect(ends.has(at), `a delivery ending at byte ${at}`).toBe(true);
    }
    // The file header and configuration first, then the pictures two by two, all of them handed on.
    expect(deliveries.length).toBeLessThanOrEqual(2 + pictures / 2);
    expect(at).toBe(stream.byteLength);
    expect(ends.size - 1).toBe(2 + pictures);
    loader.destroy();
    player.destroy();
  });
});
