import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { roomJsonSchemas } from '../../../electron/shared/room-json-schemas';

/**
 * The room's topic contract as published in resources/ (what an integrator validates a message
 * against) is exactly what the zod schemas both ends parse with: `npx tsx scripts/room-schemas.ts`
 * rewrites the files after a change to electron/shared/room.ts.
 */
describe('the room topic contract as JSON Schema', () => {
  const generated = roomJsonSchemas();

  it.each(Object.keys(generated).map((name) => [name]))('resources/%s.schema.json is up to date', (name) => {
    const file = JSON.parse(
      readFileSync(new URL(`../../../resources/${name}.schema.json`, import.meta.url), 'utf8'),
    ) as unknown;
    expect(file).toEqual(generated[name]);
  });

  it('publishes the three topics of a screen, each a closed shape where the screen refuses extra keys', () => {
    expect(Object.keys(generated).sort()).toEqual(['room-desired', 'room-presence', 'room-reported']);
    const desired = JSON.stringify(generated['room-desired']);
    // A view has exactly the shape of a provisioning file's layout: unknown keys in it are refused.
    expect(desired).toContain('"additionalProperties":false');
    for (const key of ['"rev"', '"by"', '"at"', '"view"', '"tour"', '"clear"', '"deviceKey"'])
      expect(desired).toContain(key);
    expect(JSON.stringify(generated['room-presence'])).toContain('"offline"');
  });
});
