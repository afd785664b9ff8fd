import { z } from 'zod';

/**
 * Every size and count the app accepts from a caller, in one table.
 *
 * Checked by the shared schemas before any work is done with a value (a grid is never built, a
 * list never searched, a string never stored beyond these), so no single call can make the core
 * allocate or loop without bound. The numbers are far above what the screens let anyone make:
 * the grid matches the wall's own editor (presets and custom grids up to 8 × 8).
 */
export const LIMITS = {
  /** Columns and rows of a wall (the grid picker and the custom-grid dialog stop here). */
  gridSide: 8,
  /** Tiles, merged areas and parked tiles of one view (one per cell of the largest grid). */
  tilesPerView: 64,
  /** Saved views (layouts) on one computer, in one views file, in one provisioning file. */
  views: 1000,
  /** Saved tours, in one views file, in one provisioning file. */
  tours: 1000,
  /** Views in a tour of views. */
  viewsPerTour: 64,
  /** Devices a cycling tile shows in turn. */
  devicesPerTour: 256,
  /** Profiles in one provisioning file. */
  provisionedProfiles: 200,
  /** Ids of profiles, views and tours (letters, digits, ".", "_", "-"). */
  id: 64,
  /** A reference to a saved id in a call (generous: stored ids are at most `id`). */
  idRef: 200,
  /** Names of profiles, views and tours; a tile's caption. */
  name: 100,
  /** A device's name as shown on a tile or a tour. */
  deviceName: 200,
  /** A device key, SIP id or channel id (a tile, a tour, a stream). */
  deviceKey: 200,
  /** A credential key (userKey, productKey, ...), a product or project key, a search keyword. */
  credentialKey: 256,
  /** A secret (authSecret, querySecret, queryToken, projectAuthSecret). */
  secret: 1024,
  /** A platform's base URL. */
  url: 2048,
  /** A provisioning file's text through the API. */
  provisioningBytes: 1_000_000,
  /** A views file's text. */
  viewsFileChars: 2_000_000,
} as const;

/**
 * Characters refused in names, keys and secrets: C0 and C1 controls (NUL, escape, ...), and the
 * bidirectional controls and marks that make a name read differently from what it holds
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and the line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex
const REFUSED = /[\u0000-\u001f\u007f-\u009f]|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

/**
 * Why a text is refused, as a code (`problem.text.control`, `problem.text.bidi`) with the character
 * as U+XXXX (never the text itself: it may be a secret) and its English words; undefined when it is not.
 */
function refusedCharacterProblem(
  text: string,
): { code: string; character: string; message: string } | undefined {
  const hit = REFUSED.exec(text);
  if (!hit) return undefined;
  const character = `U+${hit[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return CONTROL.test(hit[0])
    ? {
        code: 'problem.text.control',
        character,
        message: `must not contain control characters (found ${character})`,
      }
    : {
        code: 'problem.text.bidi',
        character,
        message: `must not contain bidirectional text controls (found ${character})`,
      };
}

/** Why a text is refused in English words (see refusedCharacterProblem), or undefined. */
export function refusedCharacter(text: string): string | undefined {
  return refusedCharacterProblem(text)?.message;
}

/**
 * A string of at most `max` characters (after trimming, when asked) without control or
 * bidirectional characters. The length is checked first, so a megabyte is refused without being scanned.
 */
export function plainText(max: number, options: { trim?: boolean; required?: string } = {}) {
  let text = z.string();
  if (options.trim) text = text.trim();
  if (options.required !== undefined) text = text.min(1, options.required);
  return text.max(max, `at most ${max} characters`).superRefine((value, ctx) => {
    if (value.length > max) return;
    const why = refusedCharacterProblem(value);
    if (why)
      ctx.addIssue({
        code: 'custom',
        message: why.message,
        params: { code: why.code, character: why.character },
      });
  });
}

/**
 * A platform's own words kept for display (a device's name on a tile): bounded, with control and
 * bidirectional characters replaced by spaces rather than refused, since nobody here typed them
 * and a wall must still save a device whose name the platform wrote oddly.
 */
export function displayText(max: number) {
  const everywhere = new RegExp(REFUSED.source, 'gu');
  return z
    .string()
    .max(max, `at most ${max} characters`)
    .transform((value) => value.replace(everywhere, ' '));
}
