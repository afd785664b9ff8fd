import { z } from 'zod';
import { RoomDesiredSchema, RoomPresenceSchema, RoomReportedSchema } from './room';

/** Where the published schemas say they live (their `$id`), as the provisioning schema does. */
const BASE = 'https://control-room-wall.example/schemas';

/**
 * The room's topics as JSON Schema (draft 2020-12), made from the zod schemas both ends validate with,
 * so the published contract cannot drift from what a screen accepts. Checks zod cannot express in JSON
 * Schema (no control characters in a name, tiles inside their grid) are the screen's, and it reports them.
 */
export function roomJsonSchemas(): Record<string, Record<string, unknown>> {
  const make = (name: string, title: string, schema: z.ZodType, io: 'input' | 'output') => ({
    $id: `${BASE}/${name}.schema.json`,
    title,
    ...z.toJSONSchema(schema, { io, unrepresentable: 'any' }),
  });
  return {
    'room-desired': make(
      'room-desired',
      'control-room-wall/v1/screens/<screen>/desired: what a screen is told to show (retained)',
      RoomDesiredSchema,
      'input',
    ),
    'room-reported': make(
      'room-reported',
      'control-room-wall/v1/screens/<screen>/reported: what a screen applied and shows (retained)',
      RoomReportedSchema,
      'output',
    ),
    'room-presence': make(
      'room-presence',
      'control-room-wall/v1/screens/<screen>/presence: online or offline, and since when (retained, last will)',
      RoomPresenceSchema,
      'output',
    ),
  };
}
