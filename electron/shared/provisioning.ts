import { z } from 'zod';
import {
  DeviceCredentialsSchema,
  PlacementSchema,
  ProductCredentialsSchema,
  ProjectCredentialsSchema,
  UserCredentialsSchema,
} from './domain';
import { LayoutAreaSchema, LayoutGridSchema, LayoutTileSchema } from './layout';
import { LIMITS, plainText } from './limits';
import { HostPortSchema, HttpUrlSchema, MediaHostSchema, ProfileIdSchema } from './profile';
import { RoomBrokerUrlSchema, RoomNameSchema, RoomRootSchema, RoomScreenSchema } from './room';
import { LanguageSettingSchema } from './settings';
import { TourFileSchema } from './tour';

/**
 * The provisioning file, version 1: profiles, layouts (views), tours and kiosk set-up without any
 * clicking.
 *
 * Kept in step with resources/provisioning.schema.json (a unit test compares them). Unknown keys
 * are refused rather than ignored: in a hand-written file they are almost always typos.
 * Cross-references (a layout's profile, a tour's views, kiosk.startLayout) are checked by the importer.
 */
export const PROVISIONING_VERSION = 1;

/**
 * What a secret becomes in a provisioning file once it is in the vault: the app rewrites the file
 * after a successful import, and an import of the rewritten file keeps the stored secret (for the
 * same platform address and keys only, like any stored secret).
 */
export const VAULT_MARKER = '<stored in the vault of this computer>';

/** An admin PIN as a provisioning file carries it: 4 to 12 digits, or the vault marker once stored. */
const ADMIN_PIN_PATTERN = /^(\d{4,12}|<stored in the vault of this computer>)$/;

/** What happens to the file after a successful import: its secrets replaced by the marker, or the file removed. */
export const AfterImportSchema = z.enum(['strip-secrets', 'delete-file']);
export type AfterImport = z.infer<typeof AfterImportSchema>;

const ProvisionedCredentialsSchema = z.discriminatedUnion('type', [
  UserCredentialsSchema.strict(),
  ProductCredentialsSchema.strict(),
  DeviceCredentialsSchema.strict(),
  ProjectCredentialsSchema.strict(),
]);

const name = plainText(LIMITS.name, { trim: true, required: 'must not be empty' });
/** The id of something in the file or saved. */
const ref = plainText(LIMITS.idRef, { required: 'must not be empty' });

const ProvisionedProfileSchema = z
  .object({
    id: ProfileIdSchema,
    name,
    /** The JSON Schema can only say `^https?://`; this also parses it as a URL. */
    baseUrl: HttpUrlSchema,
    placement: PlacementSchema.optional(),
    credentials: ProvisionedCredentialsSchema,
    /** Store the secrets even where only weak storage exists (Linux basic_text). */
    acceptWeakStorage: z.boolean().optional(),
    /** The media host override: `host[:port]` for every stream URL, or `{http, https}` apart. */
    mediaHost: z.union([HostPortSchema, MediaHostSchema]).optional(),
  })
  .strict();

const ProvisionedLayoutSchema = z
  .object({
    id: ProfileIdSchema,
    name,
    /** The id of a profile in this file or already saved. */
    profile: ref,
    grid: LayoutGridSchema.strict(),
    tiles: z
      .array(LayoutTileSchema.strict())
      .max(LIMITS.tilesPerView, `at most ${LIMITS.tilesPerView} tiles`),
    /** Merged areas (larger cells), as a saved view has them. */
    areas: z
      .array(LayoutAreaSchema.strict())
      .max(LIMITS.tilesPerView, `at most ${LIMITS.tilesPerView} areas`)
      .optional(),
  })
  .strict();

const ProvisionedKioskSchema = z
  .object({
    enabled: z.boolean(),
    /** The id of a layout in this file or already saved; required when enabled. */
    startLayout: ref.optional(),
    locked: z.boolean().optional(),
    /**
     * The administrator's PIN (4 to 12 digits) that unlocks a locked kiosk and lets it quit. Stored
     * as a salted slow hash, never in clear; the file keeps only the vault marker after import.
     */
    adminPin: z.string().regex(ADMIN_PIN_PATTERN, 'must be 4 to 12 digits').optional(),
    /** Start the app when the user logs in; absent: left as it is. */
    startAtLogin: z.boolean().optional(),
  })
  .strict()
  .superRefine((kiosk, ctx) => {
    if (kiosk.enabled && kiosk.startLayout === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['startLayout'],
        message: 'required when kiosk.enabled is true',
        // The same words as the settings' own check: a start layout is needed with kiosk mode on.
        params: { code: 'problem.kioskNeedsStart' },
      });
  });

/**
 * The control room (issue #31): this PC's place in the room. Keys left out keep this PC's current room
 * settings. The password goes into the vault like the profiles' secrets and becomes VAULT_MARKER in
 * the file after import (a marker keeps the stored password, for the same broker address only).
 */
export const ProvisionedRoomSchema = z
  .object({
    /** Join the room; default true (a file with a room section means this PC is in it). */
    enabled: z.boolean().optional(),
    brokerUrl: RoomBrokerUrlSchema.optional(),
    username: plainText(LIMITS.credentialKey, { trim: true, required: 'must not be empty' }).optional(),
    password: plainText(LIMITS.secret, { required: 'must not be empty' }).optional(),
    /** Store the password even where only weak storage exists (Linux basic_text). */
    acceptWeakStorage: z.boolean().optional(),
    pcName: RoomNameSchema.optional(),
    screens: z.array(RoomScreenSchema.strict()).max(16, 'at most 16 screens').optional(),
    root: RoomRootSchema.optional(),
    hostedBroker: z
      .object({
        enabled: z.boolean(),
        host: z.string().trim().min(1).max(255).optional(),
        port: z.number().int().min(1).max(65535).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ProvisionedRoom = z.infer<typeof ProvisionedRoomSchema>;

/**
 * Settings a kiosk is set up with besides its kiosk section: the language of its screen ('auto': the
 * OS's, else the browser's). Keys left out keep this computer's current settings.
 */
export const ProvisionedSettingsSchema = z.object({ language: LanguageSettingSchema.optional() }).strict();
export type ProvisionedSettings = z.infer<typeof ProvisionedSettingsSchema>;

export const ProvisioningFileSchema = z
  .object({
    $schema: z.string().max(LIMITS.url).optional(),
    version: z.literal(PROVISIONING_VERSION),
    profiles: z
      .array(ProvisionedProfileSchema)
      .max(LIMITS.provisionedProfiles, `at most ${LIMITS.provisionedProfiles} profiles`)
      .optional(),
    layouts: z.array(ProvisionedLayoutSchema).max(LIMITS.views, `at most ${LIMITS.views} layouts`).optional(),
    /** Tours (carousels), created or replaced by id; their views are layouts in this file or saved. */
    tours: z.array(TourFileSchema).max(LIMITS.tours, `at most ${LIMITS.tours} tours`).optional(),
    kiosk: ProvisionedKioskSchema.optional(),
    room: ProvisionedRoomSchema.optional(),
    settings: ProvisionedSettingsSchema.optional(),
    /** The profile to select; default: the first profile of the file. */
    selectedProfile: ref.optional(),
    /** After a successful import: replace each secret with VAULT_MARKER (default) or remove the file. */
    afterImport: AfterImportSchema.optional(),
  })
  .strict();
export type ProvisioningFile = z.infer<typeof ProvisioningFileSchema>;

/** What an import did. */
export const ProvisioningSummarySchema = z.object({
  profiles: z.array(z.string()),
  layouts: z.array(z.string()),
  tours: z.array(z.string()),
  selectedProfileId: z.string().nullable(),
  kiosk: z
    .object({
      enabled: z.boolean(),
      startLayout: z.string().nullable(),
      locked: z.boolean(),
      startAtLogin: z.boolean().optional(),
    })
    .nullable(),
  /** The room's settings as the file left them (absent: the file had no room section). */
  room: z
    .object({
      enabled: z.boolean(),
      pcName: z.string(),
      screens: z.array(z.string()),
      hostedBroker: z.boolean(),
    })
    .nullable()
    .optional(),
  /** The settings the file set (absent: the file had no settings section). */
  settings: z.object({ language: LanguageSettingSchema.optional() }).optional(),
});
export type ProvisioningSummary = z.infer<typeof ProvisioningSummarySchema>;
