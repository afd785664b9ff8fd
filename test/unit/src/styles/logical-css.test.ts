import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The renderer's CSS says "start" and "end" of the reading direction, not "left" and "right", so a
 * right-to-left language mirrors the layout by itself (issue #32, item 6). A declaration that must stay
 * physical (a picture's geometry, a box centred by a translate) says why on its line:
 * `left: 50%; /* physical: centred by translate(-50%) *\/`.
 */

const SRC = fileURLToPath(new URL('../../../../src/', import.meta.url));

/** Properties that name a side: margin-left, border-right-color, left, border-top-right-radius … */
const PHYSICAL_PROPERTY =
  /^(?:(?:margin|padding|scroll-margin|scroll-padding)-(?:left|right)|border-(?:left|right)(?:-(?:width|style|color))?|left|right|border-(?:top|bottom)-(?:left|right)-radius|overscroll-behavior-x)$/;
/** Values that name a side. */
const PHYSICAL_VALUE: Record<string, RegExp> = {
  'text-align': /^(?:left|right)$/,
  'text-align-last': /^(?:left|right)$/,
  float: /^(?:left|right)$/,
  clear: /^(?:left|right)$/,
};
/** Box shorthands whose fourth value is the left side and second the right: different, they are physical. */
const FOUR_SIDED = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-style',
  'border-color',
  'scroll-margin',
  'scroll-padding',
]);
const PHYSICAL_NOTE = /\/\*\s*physical:\s*\S/;

interface PhysicalDeclaration {
  line: number;
  text: string;
}

/** Values of a shorthand split at top-level spaces (a `calc(a - b)` stays one value). */
function splitValues(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value.trim()) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (/\s/.test(ch) && depth === 0) {
      if (current) out.push(current);
      current = '';
    } else current += ch;
  }
  if (current) out.push(current);
  return out;
}

/** Whether corners of a `border-radius` differ between left and right. */
function asymmetricRadius(values: string[]): boolean {
  if (values.includes('/')) return true;
  const [a, b = a, c = a, d = b] = values;
  // top-left a, top-right b, bottom-right c, bottom-left d
  return a !== b || c !== d;
}

/** Every declaration of `css` that names a left or right side and carries no `/* physical: why *\/`. */
function physicalDeclarations(css: string): PhysicalDeclaration[] {
  const found: PhysicalDeclaration[] = [];
  const lines = css.split('\n');
  let inComment = false;
  lines.forEach((raw, index) => {
    // The line's code without its comments (a comment may span lines).
    let code = '';
    for (let i = 0; i < raw.length; i += 1) {
      if (inComment) {
        if (raw.startsWith('*/', i)) [inComment, i] = [false, i + 1];
      } else if (raw.startsWith('/*', i)) [inComment, i] = [true, i + 1];
      else code += raw[i];
    }
    if (PHYSICAL_NOTE.test(raw)) return;
    // Declarations follow the last `{` of a line (`.a { left: 0; }`); a selector line has none.
    for (const declaration of code.slice(code.lastIndexOf('{') + 1).split(';')) {
      const match = /^\s*([a-z-]+)\s*:\s*([^{}]+?)\s*$/.exec(declaration);
      if (!match) continue;
      const [, property, value] = match;
      const values = splitValues(value.replace(/\s*!important$/, ''));
      const physical =
        PHYSICAL_PROPERTY.test(property) ||
        (PHYSICAL_VALUE[property]?.test(value) ?? false) ||
        (FOUR_SIDED.has(property) && values.length === 4 && values[1] !== values[3]) ||
        (property === 'border-radius' && asymmetricRadius(values));
      if (physical) found.push({ line: index + 1, text: raw.trim() });
    }
  });
  return found;
}

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('the CSS mirrors with the reading direction', () => {
  it('names no left or right side in src/**/*.css unless the line says why it stays physical', () => {
    const files = cssFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((file) =>
      physicalDeclarations(readFileSync(file, 'utf8')).map(
        (d) => `${path.relative(SRC, file)}:${d.line}: ${d.text}`,
      ),
    );
    expect(offenders, 'use margin-inline-start, inset-inline-end, text-align: start …').toEqual([]);
  });
});

describe('the scan', () => {
  const lines = (css: string) => physicalDeclarations(css).map((d) => d.line);

  it('finds physical sides: properties, values and uneven shorthands', () => {
    const css = [
      '.a {',
      '  margin-left: 4px;',
      '  right: 0;',
      '  border-right-color: red;',
      '  text-align: left;',
      '  float: right;',
      '  padding: 4px 6px 4px 10px;',
      '  inset: 0 auto 0 0;',
      '  border-top-left-radius: 3px;',
      '  border-radius: 4px 0 0 4px;',
      '  top: 0; left: 2px;',
      '}',
      '.c { padding-right: 2px; }',
    ].join('\n');
    expect(lines(css)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]);
  });

  it('lets logical and even declarations pass, and a line that says why it is physical', () => {
    const css = [
      '.a:hover,',
      '.b {',
      '  margin-inline-start: 4px;',
      '  inset-inline: 0;',
      '  text-align: start;',
      '  float: inline-end;',
      '  padding: 4px 6px 2px 6px;',
      '  padding: 4px 6px 2px;',
      '  margin: 0 calc(100% - 2px) 0 calc(100% - 2px);',
      '  border-radius: 0 0 10px 10px;',
      '  left: 50%; /* physical: centred by translate(-50%) */',
      '  /* left: 0; in a comment */',
      '  border-left-width: 4px;',
      '}',
    ].join('\n');
    expect(lines(css)).toEqual([13]);
  });
});
