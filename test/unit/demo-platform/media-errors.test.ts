import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoHttpError,
  type MediaBackend,
  type StreamRequest,
} from '../../../electron/demo-platform/media-backend';
import { PlaceholderMedia } from '../../../electron/demo-platform/placeholder-media';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { demoRequest } from './demo-request';

/** A media backend whose next answer the test decides. */
class ScriptedMedia implements MediaBackend {
  next: (request: StreamRequest) => Promise<unknown> = (request) =>
    new PlaceholderMedia().startStream(request);
  requests: StreamRequest[] = [];
  closed = false;
  async startStream(request: StreamRequest) {
    this.requests.push(request);
    return (await this.next(request)) as never;
  }
  async close() {
    this.closed = true;
  }
}

const media = new ScriptedMedia();
const logs: string[] = [];
let platform: DemoPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform({ media, log: (line) => logs.push(line) });
});
afterAll(() => platform.close());

const stream = () =>
  demoRequest(platform, `/videos/${platform.credentials.device.deviceKey}/streamStart`, {
    credentials: platform.credentials.device,
  });

describe('streamStart with a media backend', () => {
  it('hands the backend the device and its own channel', async () => {
    const answer = await stream();
    expect(answer.status).toBe(200);
    const channel = platform.data.channels.get(platform.credentials.device.deviceKey)!;
    expect(media.requests.at(-1)).toEqual({ deviceKey: platform.credentials.device.deviceKey, ...channel });
  });

  it('answers a DemoHttpError of the backend with its status and JSON', async () => {
    media.next = async () => {
      throw new DemoHttpError(503, 'STREAM_OFFLINE', 'The device has no stream right now.');
    };
    const answer = await stream();
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ code: 'STREAM_OFFLINE', message: 'The device has no stream right now.' });
  });

  it('answers 500 when the backend returns an incomplete result', async () => {
    media.next = async () => ({ streamId: 'x', flv: 'http://h/a.flv?secret=s' });
    const answer = await stream();
    expect(answer.status).toBe(500);
    expect(answer.json.code).toBe('BAD_MEDIA_RESULT');
  });

  it('answers 500 without the internal message when the backend fails unexpectedly', async () => {
    media.next = async () => {
      throw new Error('ffmpeg exploded at /secret/path');
    };
    const answer = await stream();
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ code: 'INTERNAL', message: expect.any(String) });
    expect(answer.text).not.toContain('/secret/path');
  });

  it('leaves a backend passed in open: it is the caller’s to close', async () => {
    const own = new ScriptedMedia();
    const other = await startDemoPlatform({ media: own, log: () => {} });
    await other.close();
    expect(own.closed).toBe(false);
  });
});

describe('latencyMs', () => {
  it('delays every answer by at least the given time', async () => {
    const slow = await startDemoPlatform({ latencyMs: 150, log: () => {} });
    try {
      const started = performance.now();
      const answer = await demoRequest(slow, '/products', { credentials: slow.credentials.user });
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });
});
