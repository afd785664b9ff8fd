import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { mimeType } from '../shared/mime-types';

/** What a URL path resolves to inside the renderer folder. */
export type StaticLookup =
  | { kind: 'file'; file: string; size: number; type: string; isHtml: boolean }
  /** `..`, a backslash, a NUL or a symlink out of the folder: never served, whatever exists. */
  | { kind: 'refused' }
  | { kind: 'missing' };

/**
 * The built renderer as files: path resolution with traversal refused and the SPA fallback.
 *
 * The raw path is decoded first and only then checked, so `%2e%2e%2f` and `..%5c` are caught as
 * well as a plain `..` (which WHATWG URL parsing would quietly fold away). A path with no file
 * extension that names no file is a route of the app: it gets index.html. A missing asset
 * (`/assets/x.js`) is a 404, not a page of HTML that a script tag would choke on.
 */
export class StaticFiles {
  private rootReal: Promise<string> | undefined;

  constructor(readonly root: string) {}

  async lookup(rawPath: string): Promise<StaticLookup> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return { kind: 'refused' };
    }
    if (!decoded.startsWith('/') || /[\\\0]/.test(decoded)) return { kind: 'refused' };
    const segments = decoded.split('/');
    if (segments.some((s) => s === '..' || s === '.')) return { kind: 'refused' };

    const root = await this.realRoot();
    const relative = decoded === '/' ? 'index.html' : decoded.slice(1);
    const candidate = path.resolve(root, relative);
    if (!isInside(root, candidate)) return { kind: 'refused' };

    const found = await this.fileAt(root, candidate);
    if (found !== 'missing') return found;
    if (path.extname(decoded) === '' || decoded.endsWith('/')) {
      // An app route (`/wall/lobby`): the page decides what to show.
      const index = await this.fileAt(root, path.join(root, 'index.html'));
      return index === 'missing' ? { kind: 'missing' } : index;
    }
    return { kind: 'missing' };
  }

  private async fileAt(root: string, candidate: string): Promise<StaticLookup | 'missing'> {
    let real: string;
    try {
      real = await realpath(candidate);
    } catch {
      return 'missing';
    }
    // A symlink inside the build must not lead out of it.
    if (!isInside(root, real)) return { kind: 'refused' };
    const info = await stat(real);
    if (!info.isFile()) return 'missing';
    const type = mimeType(real);
    return { kind: 'file', file: real, size: info.size, type, isHtml: type.startsWith('text/html') };
  }

  private realRoot(): Promise<string> {
    this.rootReal ??= realpath(this.root).catch(() => path.resolve(this.root));
    return this.rootReal;
  }
}

function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
