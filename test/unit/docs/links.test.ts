import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay enterable: every relative link and image of the README, docs/, CONTRIBUTING.md and
 * SECURITY.md points at a file that exists (and at a heading that exists, when it names one), the README
 * stays a door (≤ 200 lines, the two set-up commands verbatim), and the screenshots stay small.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = path.join(ROOT, 'docs');
const README_MAX_LINES = 200;
const IMAGE_MAX_BYTES = 300 * 1024;

const markdownFiles = [
  path.join(ROOT, 'README.md'),
  path.join(ROOT, 'CONTRIBUTING.md'),
  path.join(ROOT, 'SECURITY.md'),
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(DOCS, name)),
];

const relative = (file: string) => path.relative(ROOT, file);

/** Markdown outside fenced code blocks (a link-like text in an example is not a link). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** `[text](target)` and `![alt](target)` targets, without a title. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const match of prose(text).matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    targets.push(match[1]);
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

describe('the docs', () => {
  it('are there: the README, CONTRIBUTING.md, SECURITY.md and a docs/ folder of topics', () => {
    expect(markdownFiles.map(relative)).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'SECURITY.md',
        'docs/architecture.md',
        'docs/benchmarks.md',
        'docs/troubleshooting.md',
      ]),
    );
  });

  it.each(markdownFiles.map((file) => [relative(file), file]))(
    '%s: every relative link points at a file (and heading) that exists',
    (_name, file) => {
      const broken: string[] = [];
      for (const target of linkTargets(readFileSync(file, 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [pathPart, anchor] = target.split('#', 2);
        const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURI(pathPart));
        if (!existsSync(resolved)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
          broken.push(`${target}: no heading #${anchor} in ${relative(resolved)}`);
      }
      expect(broken).toEqual([]);
    },
  );

  it(`README stays a door: at most ${README_MAX_LINES} lines, with the two set-up commands as they are`, () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('keeps each screenshot in docs/images small', () => {
    const dir = path.join(DOCS, 'images');
    const images = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.png')) : [];
    const large = images
      .map((name) => ({ name, bytes: statSync(path.join(dir, name)).size }))
      .filter((image) => image.bytes > IMAGE_MAX_BYTES);
    expect(large).toEqual([]);
  });
});
