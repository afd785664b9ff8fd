import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ default: {} }));

import { carriesSecret, keepSecretUrlsOutOfCache } from '../../../../electron/main/app/media-cache-guard';

type Listener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;

function guarded(): Listener {
  const session = { webRequest: { onHeadersReceived: vi.fn() } };
  keepSecretUrlsOutOfCache(session as never);
  return session.webRequest.onHeadersReceived.mock.calls[0][0] as Listener;
}

function answer(listener: Listener, url: string, headers: Record<string, string[]>) {
  const callback = vi.fn();
  listener({ url, responseHeaders: headers }, callback);
  return callback.mock.calls[0][0] as { responseHeaders?: Record<string, string[]> };
}

describe('stream responses with a secret in their URL stay out of the disk cache', () => {
  it('marks them no-store, dropping what would let Chromium cache or revalidate them', () => {
    const out = answer(guarded(), 'http://media.example:8080/rtp/cam1/seg-42.ts?secret=abc', {
      'Content-Type': ['video/mp2t'],
      'Cache-Control': ['max-age=3600'],
      ETag: ['"x"'],
    });
    expect(out.responseHeaders).toEqual({ 'Content-Type': ['video/mp2t'], 'Cache-Control': ['no-store'] });
  });

  it('leaves every other response as it is', () => {
    expect(answer(guarded(), 'app://wall/assets/index.js', { 'Cache-Control': ['max-age=60'] })).toEqual({});
    expect(answer(guarded(), 'http://media.example/rtp/cam1.live.flv?token=1', {})).toEqual({});
  });

  it('knows a secret parameter in any case, and nothing in a path or a broken URL', () => {
    expect(carriesSecret('https://m/x.m3u8?a=1&SECRET=2')).toBe(true);
    expect(carriesSecret('https://m/secret/x.m3u8')).toBe(false);
    expect(carriesSecret('not a url?secret=1')).toBe(false);
  });
});
