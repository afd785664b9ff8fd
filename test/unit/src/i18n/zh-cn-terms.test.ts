import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One word for one thing across the Chinese catalogs: the kiosk's lock screen, its errors and
 * Settings all name the same admin PIN, so an operator told "输入管理员 PIN 码" in one place never
 * reads "管理员 PIN" in another and wonders whether they differ.
 */

const DIR = join(__dirname, '../../../../src/i18n/locales/zh-CN');

/** Every string value of every zh-CN catalog, with its file and key path. */
function values(): Array<{ where: string; text: string }> {
  const out: Array<{ where: string; text: string }> = [];
  const walk = (node: unknown, where: string) => {
    if (typeof node === 'string') out.push({ where, text: node });
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, `${where}.${k}`);
  };
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(readFileSync(join(DIR, file), 'utf8')), file);
  return out;
}

describe('zh-CN terms', () => {
  it('calls the admin PIN "PIN 码" everywhere', () => {
    const pins = values().filter((v) => /PIN/.test(v.text));
    expect(pins.length).toBeGreaterThan(3);
    // Every PIN in prose is "PIN 码" (a setting's key such as kiosk.adminPin is not prose).
    const odd = pins.filter((v) => /PIN(?! 码)/.test(v.text.replace(/[A-Za-z.]*Pin\b/g, '')));
    expect(odd).toEqual([]);
  });
});
