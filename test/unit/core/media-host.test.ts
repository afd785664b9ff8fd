import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import { mediaHostHint, rewriteMediaHosts } from '../../../electron/core/media-host';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { STREAM_URL_FIELDS, type StreamPlayback } from '../../../electron/shared/domain';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

const playback = (urls: Partial<StreamPlayback>): StreamPlayback => ({
  streamId: 's',
  sipId: '',
  channelId: '',
  ...(Object.fromEntries(STREAM_URL_FIELDS.map((f) => [f, ''])) as Record<
    (typeof STREAM_URL_FIELDS)[number],
    string
  >),
  ...urls,
});

describe('the media host override', () => {
  it('replaces host and port of every URL, keeping scheme, path and query; http/ws and https/wss apart', () => {
    const out = rewriteMediaHosts(
      playback({
        flv: 'http://10.0.0.5:8080/rtp/cam.live.flv?secret=abc',
        ws_flv: 'ws://10.0.0.5:8080/rtp/cam.live.flv?secret=abc',
        https_flv: 'https://10.0.0.5:8443/rtp/cam.live.flv?secret=abc',
        wss_flv: 'wss://10.0.0.5:8443/rtp/cam.live.flv?secret=abc',
        rtsp: 'rtsp://10.0.0.5:554/rtp/cam',
      }),
      { http: 'media.example.com:18080', https: 'media.example.com' },
    );
    expect(out.flv).toBe('http://media.example.com:18080/rtp/cam.live.flv?secret=abc');
    expect(out.ws_flv).toBe('ws://media.example.com:18080/rtp/cam.live.flv?secret=abc');
    expect(out.https_flv).toBe('https://media.example.com/rtp/cam.live.flv?secret=abc');
    expect(out.wss_flv).toBe('wss://media.example.com/rtp/cam.live.flv?secret=abc');
    expect(out.rtsp).toBe('rtsp://media.example.com:18080/rtp/cam');
    expect(out.hls).toBe('');
  });

  it('leaves URLs alone for a scheme with no override, and everything without one', () => {
    const given = playback({ flv: 'http://10.0.0.5/x.flv', https_flv: 'https://10.0.0.5/x.flv' });
    expect(rewriteMediaHosts(given, { https: 'm.example.com:9443' }).flv).toBe('http://10.0.0.5/x.flv');
    expect(rewriteMediaHosts(given, undefined)).toBe(given);
  });

  it('says in words when a remote platform names this computer or a never-resolving host', () => {
    expect(
      mediaHostHint(playback({ flv: 'http://127.0.0.1:80/x.flv' }), 'https://platform.example.com'),
    ).toBe(
      'The platform gave 127.0.0.1 as its media host, which is this computer, not the platform: set the media host in the profile.',
    );
    expect(mediaHostHint(playback({ flv: 'http://cams.invalid/x.flv' }), 'http://127.0.0.1:9000')).toMatch(
      /cams\.invalid .*never resolves/,
    );
    expect(
      mediaHostHint(playback({ flv: 'http://127.0.0.1/x.flv' }), 'http://127.0.0.1:9000'),
    ).toBeUndefined();
    expect(
      mediaHostHint(playback({ flv: 'http://media.example.net/x.flv' }), 'https://platform.example.com'),
    ).toBeUndefined();
  });
});

describe('streams:start with a media host', () => {
  let platform: DemoPlatform;
  beforeAll(async () => {
    platform = await startDemoPlatform({ log: () => undefined });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('hands the renderer URLs on the profile’s media host, and the profile keeps it', async () => {
    const core = await createCore({
      cipher: new TestCipher(),
      store: new MemoryStore(),
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web' },
    });
    const d = platform.credentials.device;
    const saved = await core.call('profiles:save', {
      id: 'cam',
      name: 'Camera',
      baseUrl: platform.baseUrl,
      credentialType: 'device',
      keys: { deviceKey: d.deviceKey },
      secrets: { queryToken: d.queryToken },
      mediaHost: { http: 'nat.example.com:18080' },
    });
    expect(saved).toMatchObject({ ok: true, value: { mediaHost: { http: 'nat.example.com:18080' } } });
    const started = await core.call('streams:start', { profileId: 'cam', deviceKey: d.deviceKey });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(new URL(started.value.ws_flv).host).toBe('nat.example.com:18080');
    expect(new URL(started.value.flv).host).toBe('nat.example.com:18080');
    expect(started.value.mediaHostHint).toBeUndefined();
  });
});
