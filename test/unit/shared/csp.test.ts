import { describe, expect, it } from 'vitest';
import { buildCsp } from '../../../electron/shared/csp';

/** The policy as a map: directive -> sources. */
function parse(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources] as [string, string[]];
    }),
  );
}

describe('buildCsp', () => {
  it('allows scripts only from self, and media/connections as the players need', () => {
    const csp = parse(buildCsp());
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'http:', 'https:']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http:', 'https:', 'ws:', 'wss:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    for (const name of ['base-uri', 'form-action', 'frame-ancestors', 'object-src']) {
      expect(csp.get(name), name).toEqual(["'none'"]);
    }
  });

  it('never allows inline or eval script', () => {
    expect(buildCsp()).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
  });

  it('adds extra sources without dropping base ones, and a source replaces a lone none', () => {
    const csp = parse(
      buildCsp({
        'connect-src': ['http://localhost:5173', "'self'"],
        'frame-src': ['https://x.test'],
        'object-src': ['https://y.test'],
      }),
    );
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'http:',
      'https:',
      'ws:',
      'wss:',
      'http://localhost:5173',
    ]);
    expect(csp.get('frame-src')).toEqual(['https://x.test']);
    expect(csp.get('object-src')).toEqual(['https://y.test']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});
