import { describe, expect, it } from 'vitest';
import { plainError } from '../../../../src/lib/plain-error';
import { startI18n } from '../../../../src/i18n/start-i18n';

// The English words, which these tests read (the app starts its language before the first render).
startI18n('en');

describe('plainError', () => {
  it('says in words that the app lost its own service, keeping the transport’s text for support', () => {
    const plain = plainError({
      kind: 'network',
      message: 'The browser shell cannot be reached (Failed to fetch).',
    });
    expect(plain.message).toBe('Lost contact with the wall service on this computer.');
    expect(plain.hint).toMatch(/retried by itself/);
    expect(plain.technical).toBe('The browser shell cannot be reached (Failed to fetch).');
  });

  it('translates what fetch throws in each browser', () => {
    for (const raw of [
      'Failed to fetch',
      'TypeError: Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
    ])
      expect(plainError(raw).message, raw).toBe('The connection broke before an answer came.');
    expect(plainError(new TypeError('Failed to fetch')).message).toBe(
      'The connection broke before an answer came.',
    );
  });

  it('translates hls.js and mpegts.js error names, with or without a reason', () => {
    expect(plainError('networkError: manifestLoadError').message).toBe(
      'The stream’s playlist could not be loaded from the media server.',
    );
    expect(plainError('networkError: fragLoadTimeOut (timeout)').message).toBe(
      'A piece of the video did not arrive in time.',
    );
    expect(plainError('NetworkError: NetworkUnrecoverableEarlyEof').message).toBe(
      'The media server ended the stream early.',
    );
    expect(plainError('MediaError: MediaCodecUnsupported (hvc1)').message).toBe(
      'This stream’s video format cannot be played on this computer.',
    );
    // A detail this table does not know still reads as words, by its type.
    expect(plainError('mediaError: somethingNew').message).toBe('The video could not be decoded.');
    expect(plainError('networkError: manifestLoadError').technical).toBe('networkError: manifestLoadError');
  });

  it('keeps the platform’s own words and adds what to do, by kind or by HTTP status', () => {
    const refused = plainError({ kind: 'auth', status: 401, message: 'invalid authSecret' });
    expect(refused.message).toBe('invalid authSecret');
    expect(refused.hint).toMatch(/did not accept this profile’s credentials/);
    expect(refused.technical).toBeUndefined();

    expect(plainError({ status: 403, message: 'not permitted' }).hint).toMatch(/may not do this/);
    expect(plainError({ status: 503, message: 'maintenance' }).hint).toMatch(/busy or down/);
    const conflict = plainError({
      status: 409,
      message: 'A template named "X" already exists in this project.',
    });
    expect(conflict).toEqual({ message: 'A template named "X" already exists in this project.' });
  });

  it('never shows an empty message, and leaves a message that merely looks technical alone', () => {
    expect(plainError('').message).toBe('Something went wrong.');
    expect(plainError('ValidationError: name is required').message).toBe('ValidationError: name is required');
  });
});
