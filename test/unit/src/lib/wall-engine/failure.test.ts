import { describe, expect, it } from 'vitest';
import { detectCapabilities } from '../../../../../src/lib/wall-engine/capabilities';
import {
  failureDetailText,
  failureFromPlayerError,
  failureFromStartError,
  FAILURE_LABELS,
} from '../../../../../src/lib/wall-engine/failure';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The English words, which these tests read (the app starts its language before the first render).
startI18n('en');

describe('failure reasons', () => {
  it('reads a 503 or an "offline" message from streams:start as device-offline', () => {
    expect(
      failureFromStartError({ kind: 'server', status: 503, message: 'Service Unavailable' }).reason,
    ).toBe('device-offline');
    expect(
      failureFromStartError({ kind: 'invalid-request', status: 400, message: 'Device is offline' }).reason,
    ).toBe('device-offline');
  });

  it('knows the platform’s own words from the app’s, so the tile marks them as the platform’s', () => {
    const said = failureFromStartError({
      kind: 'server',
      status: 503,
      message: 'Device cam-1 is offline.',
      code: 'platform.answered',
    });
    expect(said).toMatchObject({
      reason: 'device-offline',
      detail: 'Device cam-1 is offline.',
      detailByPlatform: true,
    });
    expect(
      failureFromStartError({
        kind: 'server',
        status: 503,
        message: 'Service Unavailable',
        code: 'platform.noWords',
      }),
    ).not.toHaveProperty('detailByPlatform');
  });

  it('treats a platform refusal as persistent and a network fault as passing', () => {
    expect(failureFromStartError({ kind: 'forbidden', status: 403, message: 'no' })).toMatchObject({
      reason: 'forbidden',
      persistent: true,
    });
    expect(failureFromStartError({ kind: 'network', message: 'ECONNREFUSED' })).toMatchObject({
      reason: 'network',
      persistent: false,
    });
  });

  it('asks for fresh URLs when the media server refuses the URL', () => {
    expect(failureFromPlayerError({ kind: 'http-status', status: 403, message: '' })).toMatchObject({
      reason: 'forbidden',
      freshUrls: true,
    });
    expect(failureFromPlayerError({ kind: 'http-status', status: 404, message: '' })).toMatchObject({
      reason: 'not-found',
      freshUrls: true,
    });
    expect(failureFromPlayerError({ kind: 'http-status', status: 408, message: '' }).reason).toBe('network');
    expect(failureFromPlayerError({ kind: 'codec-unsupported', message: '' })).toMatchObject({
      persistent: true,
    });
  });
});

describe('what a tile says of a failure', () => {
  it('a media server answering HTTP 500 is no network problem: it says so', () => {
    const failure = failureFromPlayerError({ kind: 'http-status', status: 500, message: 'HTTP 500' });
    expect(failure.reason).toBe('media-server');
    expect(FAILURE_LABELS[failure.reason]).not.toMatch(/network/i);
    expect(failure.detail).toBe('The media server answered HTTP 500');
    expect(failureFromPlayerError({ kind: 'http-status', status: 502, message: '' }).reason).toBe(
      'media-server',
    );
  });

  it('the detail never repeats the headline (“The video could not be decoded” once)', () => {
    expect(failureDetailText('media-error', 'MediaError: MediaMSEError (appendBuffer failed)')).toBeNull();
    expect(failureDetailText('media-error', 'the video could not be decoded')).toBeNull();
    expect(failureDetailText('media-error', 'the video could not be decoded: PIPELINE_ERROR_DECODE')).toBe(
      'PIPELINE_ERROR_DECODE',
    );
    expect(failureDetailText('device-offline', 'device is offline')).toBe('device is offline');
    expect(failureDetailText('network', null)).toBeNull();
  });
});

describe('detectCapabilities', () => {
  it('probes MSE for H.264 and H.265', () => {
    const probed: string[] = [];
    const caps = detectCapabilities({
      MediaSource: { isTypeSupported: (t: string) => (probed.push(t), t.includes('avc1')) },
      WebSocket: function () {},
      RTCPeerConnection: function () {},
      location: { protocol: 'http:' },
    });
    expect(caps).toEqual({ mse: true, h264: true, hevc: false, wsFmp4: true, insecure: true, webrtc: true });
    expect(probed).toContain('video/mp4; codecs="hvc1.1.6.L93.B0"');
  });

  it('says nothing plays through MSE where there is none, and blocks insecure URLs on an https page', () => {
    expect(detectCapabilities({ location: { protocol: 'https:' } })).toEqual({
      mse: false,
      h264: false,
      hevc: false,
      wsFmp4: false,
      insecure: false,
      webrtc: false,
    });
  });
});
