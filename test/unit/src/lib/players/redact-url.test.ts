import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsIn } from '../../../../../src/lib/players/redact-url';

describe('redactUrl', () => {
  it('hides the stream secret and other secret-looking parameters, keeps the rest', () => {
    const url = 'ws://10.1.1.1:8080/live/cam1.live.flv?secret=CANARY-1&app=live&token=CANARY-2&type=play';
    const redacted = redactUrl(url);
    expect(redacted).toBe('ws://10.1.1.1:8080/live/cam1.live.flv?secret=***&app=live&token=***&type=play');
    expect(redacted).not.toContain('CANARY');
  });

  it('hides user info and handles text that is not a URL', () => {
    expect(redactUrl('http://user:CANARY@h/a.flv')).not.toContain('CANARY');
    expect(redactUrl('/relative.flv?secret=CANARY')).toBe('/relative.flv?***');
  });

  it('redacts every URL inside a message', () => {
    const text = 'Failed to fetch http://h/a.flv?secret=CANARY-1, then wss://h/b.flv?secret=CANARY-2.';
    const out = redactUrlsIn(text);
    expect(out).not.toContain('CANARY');
    expect(out).toContain('http://h/a.flv?secret=***');
  });
});
