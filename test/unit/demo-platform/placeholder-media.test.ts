import { describe, expect, it } from 'vitest';
import { PlaceholderMedia } from '../../../electron/demo-platform/placeholder-media';
import { STREAM_URL_FIELDS, StreamPlaybackSchema } from '../../../electron/shared/domain';

const request = { deviceKey: 'dk1', sipId: '34020000001320000001', channelId: '34020000001310000001' };

describe('PlaceholderMedia', () => {
  it('answers the complete 24-field result with sample-like URLs carrying app, stream and secret', async () => {
    const result = await new PlaceholderMedia({ host: '10.0.0.5' }).startStream(request);
    expect(StreamPlaybackSchema.strict().parse(result)).toEqual(result);
    expect(result.sipId).toBe(request.sipId);
    expect(result.channelId).toBe(request.channelId);
    for (const field of STREAM_URL_FIELDS) {
      const url = new URL(result[field]);
      expect(url.hostname, field).toBe('10.0.0.5');
      expect(url.port, field).not.toBe('');
      expect(url.searchParams.get('secret'), field).toMatch(/^[0-9a-f]{32}$/);
      if (field !== 'rtc') expect(url.pathname, field).toContain(`/rtp/${result.streamId}`);
    }
    const rtc = new URL(result.rtc).searchParams;
    expect(rtc.get('app')).toBe('rtp');
    expect(rtc.get('stream')).toBe(result.streamId);
    expect(rtc.get('type')).toBe('play');
  });

  it('keeps each URL under its own field unless asked to scramble them', async () => {
    const plain = await new PlaceholderMedia().startStream(request);
    expect(new URL(plain.ws_flv).protocol).toBe('ws:');
    expect(new URL(plain.https_flv).protocol).toBe('https:');
    const scrambled = await new PlaceholderMedia({ scrambleFields: true }).startStream(request);
    expect(new URL(scrambled.ws_flv).protocol).toBe('https:');
    expect(new URL(scrambled.https_flv).protocol).toBe('ws:');
    expect(new Set(Object.values(scrambled))).toEqual(new Set(Object.values(plain)));
  });

  it('encodes odd ids into the URL paths', async () => {
    const result = await new PlaceholderMedia().startStream({ ...request, channelId: 'a b/c' });
    expect(() => new URL(result.flv)).not.toThrow();
    expect(new URL(result.flv).pathname).toContain(encodeURIComponent(result.streamId));
  });
});
