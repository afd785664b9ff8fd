import { describe, expect, it } from 'vitest';
import { isAppUrl } from '../../../../electron/main/app/app-origin';
import { rendererOrigin } from '../../../../electron/main/app/renderer-origin';

describe('isAppUrl', () => {
  it('accepts app://wall only', () => {
    expect(isAppUrl('app://wall/index.html')).toBe(true);
    expect(isAppUrl('app://wall')).toBe(true);
    for (const url of [
      'app://other/index.html',
      'app://wall.evil.example/',
      'app://user:pw@wall/',
      'https://wall/',
      'file:///wall/index.html',
      'null',
      '',
      'about:blank',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });
});

describe('rendererOrigin', () => {
  it('loads app://wall/index.html and trusts only it in a real run', () => {
    for (const origin of [rendererOrigin(true, 'http://localhost:5173/'), rendererOrigin(false, undefined)]) {
      expect(origin.startUrl).toBe('app://wall/index.html');
      expect(origin.isTrustedUrl('app://wall/index.html')).toBe(true);
      expect(origin.isTrustedUrl('http://localhost:5173/')).toBe(false);
    }
  });

  it('trusts the Vite dev server only in an unpackaged dev run', () => {
    const origin = rendererOrigin(false, 'http://localhost:5173/');
    expect(origin.startUrl).toBe('http://localhost:5173/');
    expect(origin.isTrustedUrl('http://localhost:5173/index.html')).toBe(true);
    expect(origin.isTrustedUrl('http://localhost:5174/')).toBe(false);
    expect(origin.isTrustedUrl('app://wall/index.html')).toBe(true);
  });
});
