import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { roomJsonSchemas } from '../electron/shared/room-json-schemas';

/**
 * Writes the room's topic contract as JSON Schema into resources/ (`npx tsx scripts/room-schemas.ts`):
 * what an integrator's tools validate a message against (then `npx prettier --write resources/room-*`).
 * A unit test fails while the files differ from
 * what the zod schemas give, so run this after changing electron/shared/room.ts.
 */
for (const [name, schema] of Object.entries(roomJsonSchemas())) {
  const file = fileURLToPath(new URL(`../resources/${name}.schema.json`, import.meta.url));
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
