import { z } from 'zod';
import {
  CREDENTIAL_FIELDS,
  issueProblems,
  type CredentialType,
  type CodedFieldProblem,
} from '../shared/domain';
import {
  LayoutAreaSchema,
  LayoutGridSchema,
  LayoutSchema,
  LayoutTileSchema,
  type Layout,
} from '../shared/layout';
import type { CipherTier, ProfileSaveInput } from '../shared/profile';
import {
  PROVISIONING_VERSION,
  ProvisionedRoomSchema,
  ProvisioningFileSchema,
  VAULT_MARKER,
  type ProvisioningFile,
} from '../shared/provisioning';
import { fileTourReferenceProblems, type Tour, type TourViewRef } from '../shared/tour';
import { LIMITS } from '../shared/limits';
import { secretBindingChange } from './credential-vault';
import { viewNameClashes } from './layout-store';
import { errorMap, jsonPath, oversizeLists, parseFailure, repeatedId, schemaProblems } from './file-problems';
import {
  checkRoomSection,
  type RoomPlan,
  type RoomProvisioningContext,
} from './room/room-config-provisioning';

/** What is already saved, for checking references of a file against it. */
export interface ProvisioningContext {
  profileIds: readonly string[];
  /** Where each saved profile's secrets belong, for files that say a secret is already in the vault. */
  savedProfiles?: readonly {
    id: string;
    baseUrl: string;
    credentialType: CredentialType;
    keys: Record<string, string>;
    /** Streams carry the platform's secret there: part of where the secret belongs. */
    mediaHost?: { http?: string; https?: string };
  }[];
  layoutIds: readonly string[];
  /** The saved layouts' grids, for a tour's cycling tile (a cell inside its view). */
  savedLayouts?: readonly TourViewRef[];
  /** The cipher's tier now: weak or unavailable storage refuses secrets up front. */
  tier: CipherTier;
  /** An admin PIN is stored already (a file may then keep it with the vault marker). */
  pinSet?: boolean;
  /** This PC's room settings and stored broker password; a file's `room` section needs them. */
  room?: RoomProvisioningContext;
}

/** Everything an import will write, decided before anything is written. */
interface ProvisioningPlan {
  profiles: ProfileSaveInput[];
  layouts: Layout[];
  tours: Tour[];
  kiosk: { enabled: boolean; startLayout: string | null; locked: boolean; startAtLogin?: boolean } | null;
  selectedProfileId: string | null;
  /** A new admin PIN to store (hashed); undefined when the file has none or keeps the stored one. */
  adminPin?: string;
  /** The room's settings and password change; null when the file has no room section. */
  room: RoomPlan | null;
}

export type ProvisioningCheck =
  { ok: true; plan: ProvisioningPlan } | { ok: false; problems: CodedFieldProblem[] };

/**
 * Check a provisioning file completely, without writing anything.
 *
 * Every problem is named by its JSON path, not only the first: the shape (against the same schema
 * the JSON Schema describes), duplicate ids, each layout's profile and kiosk.startLayout (in the
 * file or already saved), tile placement, and whether the machine can store the secrets.
 */
export function checkProvisioning(input: string | unknown, ctx: ProvisioningContext): ProvisioningCheck {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch {
      return { ok: false, problems: [parseFailure(input)] };
    }
  }
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== PROVISIONING_VERSION)
    return {
      ok: false,
      problems: [
        {
          path: '$.version',
          message: `version ${version} is not supported (this app reads version 1)`,
          code: 'problem.version',
          params: { version, supported: PROVISIONING_VERSION },
        },
      ],
    };

  const oversize = oversizeLists(data, [
    ['profiles', LIMITS.provisionedProfiles, 'profiles'],
    ['layouts', LIMITS.views, 'layouts'],
    ['tours', LIMITS.tours, 'tours'],
  ]);
  if (oversize.length) return { ok: false, problems: oversize };

  const parsed = ProvisioningFileSchema.safeParse(data, { error: errorMap });
  const problems: CodedFieldProblem[] = parsed.success ? [] : schemaProblems(parsed.error, data);
  // The cross-checks read the raw document, so a file with shape problems still hears about its
  // broken references too: every problem at once, not one round per fix.
  const raw = isRecord(data) ? data : {};
  const profiles = Array.isArray(raw.profiles) ? raw.profiles.map(asRecord) : [];
  const layouts = Array.isArray(raw.layouts) ? raw.layouts.map(asRecord) : [];

  // Lookups by id in maps: a file of thousands of entries is checked in one pass, not one per pair.
  const savedProfiles = new Map((ctx.savedProfiles ?? []).map((s) => [s.id, s]));
  const savedLayouts = new Map((ctx.savedLayouts ?? []).map((l) => [l.id, l]));
  const profileIndex = new Map<string, number>();
  profiles.forEach((p, i) => {
    const at = `$.profiles[${i}]`;
    problems.push(...repeatedId(p, i, 'profiles', profileIndex));
    const marked = vaultMarkedSecrets(p);
    if (marked.length) {
      const saved = typeof p.id === 'string' ? savedProfiles.get(p.id) : undefined;
      const creds = asRecord(p.credentials);
      const type = creds.type as CredentialType;
      const why =
        typeof p.baseUrl === 'string' && type in CREDENTIAL_FIELDS
          ? secretBindingChange(
              {
                baseUrl: p.baseUrl,
                credentialType: type,
                keys: Object.fromEntries(
                  CREDENTIAL_FIELDS[type].keys.map((k) => [k, String(creds[k] ?? '')]),
                ),
                ...(typeof p.mediaHost === 'string'
                  ? { mediaHost: { http: p.mediaHost, https: p.mediaHost } }
                  : isRecord(p.mediaHost) && { mediaHost: p.mediaHost as { http?: string; https?: string } }),
              },
              saved,
            )
          : undefined;
      if (!saved || why)
        for (const name of marked)
          problems.push({
            path: `${at}.credentials.${name}`,
            message: saved
              ? `says the secret is in the vault, but the stored one cannot be used: ${why}; put the secret itself in the file`
              : `says the secret is in the vault, but this computer has no profile "${String(p.id)}": put the secret itself in the file`,
            ...(saved
              ? { code: 'problem.vault.unusable', params: { name } }
              : { code: 'problem.vault.noProfile', params: { name, id: String(p.id) } }),
          });
    }
    const carriesSecrets = marked.length < secretCount(p);
    if (!carriesSecrets) {
      // Every secret is already in the vault: storage strength does not matter for this profile.
    } else if (ctx.tier === 'unavailable')
      problems.push({
        path: `${at}.credentials`,
        message: 'this machine cannot encrypt secrets now, so they cannot be stored',
        code: 'problem.vault.cannotEncrypt',
      });
    else if (ctx.tier === 'weak' && p.acceptWeakStorage !== true)
      problems.push({
        path: `${at}.acceptWeakStorage`,
        message:
          'only weak secret storage exists here (Linux basic_text); set true to store the secrets anyway',
        code: 'problem.vault.weak',
      });
  });
  const profileIds = new Set([...ctx.profileIds, ...profileIndex.keys()]);

  const layoutIndex = new Map<string, number>();
  layouts.forEach((l, i) => {
    const at = `$.layouts[${i}]`;
    problems.push(...repeatedId(l, i, 'layouts', layoutIndex));
    if (typeof l.profile === 'string' && l.profile !== '' && !profileIds.has(l.profile))
      problems.push({
        path: `${at}.profile`,
        message: `no profile "${l.profile}" in this file or saved`,
        code: 'problem.noProfileHere',
        params: { id: l.profile },
      });
    const grid = LayoutGridSchema.safeParse(l.grid);
    const tiles = z.array(LayoutTileSchema).safeParse(l.tiles);
    const areas = z.array(LayoutAreaSchema).optional().safeParse(l.areas);
    if (grid.success && tiles.success && areas.success) {
      // The saved layout's own checks (tiles in bounds and apart, merged areas), at their paths.
      const placed = LayoutSchema.safeParse({
        id: 'provisioned',
        name: 'provisioned',
        profileId: 'provisioned',
        grid: grid.data,
        tiles: tiles.data,
        ...(areas.data && { areas: areas.data }),
      });
      if (!placed.success)
        problems.push(
          ...issueProblems(
            placed.error.issues.filter((issue) => issue.code === 'custom'),
            { pathOf: (path) => jsonPath(['layouts', i, ...path]) },
          ),
        );
    }
  });
  const layoutIds = new Set([...ctx.layoutIds, ...layoutIndex.keys()]);
  // View names: one rule everywhere (case aside), against the saved views and each other.
  const named = layouts.flatMap((l, i) =>
    typeof l.id === 'string' && typeof l.name === 'string' ? [{ i, id: l.id, name: l.name }] : [],
  );
  const savedNames = (ctx.savedLayouts ?? []).flatMap((l) =>
    l.name === undefined ? [] : [{ id: l.id, name: l.name }],
  );
  const fromFile = new Map<object, number>(named.map((l) => [l, l.i]));
  for (const clash of viewNameClashes(savedNames, named)) {
    const at = fromFile.get(clash.holder);
    problems.push({
      path: `$.layouts[${named[clash.index].i}].name`,
      message: `another view is already called "${clash.holder.name}" (${at === undefined ? 'saved here' : `$.layouts[${at}]`})`,
      ...(at === undefined
        ? { code: 'problem.nameTaken', params: { name: clash.holder.name } }
        : { code: 'problem.nameTakenInFile', params: { name: clash.holder.name, at: `$.layouts[${at}]` } }),
    });
  }

  // A tour's views: layouts of this file (their grids as written) or saved.
  const views = new Map<string, TourViewRef>(
    [...ctx.layoutIds].map((id) => [id, savedLayouts.get(id) ?? { id, grid: { columns: 8, rows: 8 } }]),
  );
  layouts.forEach((l) => {
    const grid = isRecord(l.grid) ? l.grid : {};
    if (typeof l.id === 'string')
      views.set(l.id, {
        id: l.id,
        name: typeof l.name === 'string' ? l.name : undefined,
        grid: {
          columns: typeof grid.columns === 'number' ? grid.columns : 8,
          rows: typeof grid.rows === 'number' ? grid.rows : 8,
        },
      });
  });
  const tours = Array.isArray(raw.tours) ? raw.tours.map(asRecord) : [];
  const tourIndex = new Map<string, number>();
  tours.forEach((t, i) => {
    const at = `$.tours[${i}]`;
    problems.push(...repeatedId(t, i, 'tours', tourIndex));
    problems.push(...fileTourReferenceProblems(t, views, at, 'layout'));
  });

  const kiosk = isRecord(raw.kiosk) ? raw.kiosk : undefined;
  if (kiosk) {
    if (kiosk.adminPin === VAULT_MARKER && !ctx.pinSet)
      problems.push({
        path: '$.kiosk.adminPin',
        message:
          'says the PIN is in the vault, but this computer has none stored: put the PIN itself in the file',
        code: 'problem.vault.noPin',
      });
    if (
      typeof kiosk.startLayout === 'string' &&
      kiosk.startLayout !== '' &&
      !layoutIds.has(kiosk.startLayout)
    )
      problems.push({
        path: '$.kiosk.startLayout',
        message: `no layout "${kiosk.startLayout}" in this file or saved`,
        code: 'problem.noLayoutHere',
        params: { id: kiosk.startLayout },
      });
  }
  if (
    typeof raw.selectedProfile === 'string' &&
    raw.selectedProfile !== '' &&
    !profileIds.has(raw.selectedProfile)
  )
    problems.push({
      path: '$.selectedProfile',
      message: `no profile "${raw.selectedProfile}" in this file or saved`,
      code: 'problem.noProfileHere',
      params: { id: raw.selectedProfile },
    });

  // The room: checked against this PC's room settings and stored password, once its shape is right.
  const roomSection = raw.room === undefined ? undefined : ProvisionedRoomSchema.safeParse(raw.room);
  let room: RoomPlan | null = null;
  if (roomSection?.success) {
    if (!ctx.room)
      problems.push({
        path: '$.room',
        message: 'this app cannot import a room section here',
        code: 'problem.noRoomHere',
      });
    else {
      const checked = checkRoomSection(roomSection.data, ctx.room, ctx.tier);
      problems.push(...checked.problems);
      room = checked.plan;
    }
  }

  if (problems.length || !parsed.success) return { ok: false, problems };
  const file: ProvisioningFile = parsed.data;
  return {
    ok: true,
    plan: {
      profiles: (file.profiles ?? []).map((p) => {
        const fields = CREDENTIAL_FIELDS[p.credentials.type];
        const creds = p.credentials as unknown as Record<string, string>;
        return {
          id: p.id,
          name: p.name,
          baseUrl: p.baseUrl,
          placement: p.placement ?? 'query',
          credentialType: p.credentials.type,
          keys: Object.fromEntries(fields.keys.map((k) => [k, creds[k]])),
          // A secret marked as in the vault is left out: the stored one is kept.
          secrets: Object.fromEntries(
            fields.secrets.filter((k) => creds[k] !== VAULT_MARKER).map((k) => [k, creds[k]]),
          ),
          acceptWeakStorage: p.acceptWeakStorage,
          ...(p.mediaHost !== undefined && {
            mediaHost:
              typeof p.mediaHost === 'string' ? { http: p.mediaHost, https: p.mediaHost } : p.mediaHost,
          }),
        };
      }),
      layouts: (file.layouts ?? []).map((l) =>
        LayoutSchema.parse({
          id: l.id,
          name: l.name,
          profileId: l.profile,
          grid: l.grid,
          tiles: l.tiles,
          ...(l.areas && { areas: l.areas }),
        }),
      ),
      tours: file.tours ?? [],
      kiosk: file.kiosk
        ? {
            enabled: file.kiosk.enabled,
            startLayout: file.kiosk.startLayout ?? null,
            locked: file.kiosk.locked ?? false,
            ...(file.kiosk.startAtLogin !== undefined && { startAtLogin: file.kiosk.startAtLogin }),
          }
        : null,
      selectedProfileId: file.selectedProfile ?? file.profiles?.[0]?.id ?? null,
      ...(file.kiosk?.adminPin !== undefined &&
        file.kiosk.adminPin !== VAULT_MARKER && { adminPin: file.kiosk.adminPin }),
      room,
    },
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function asRecord(v: unknown): Record<string, unknown> {
  return isRecord(v) ? v : {};
}

/** The secret fields of a raw profile whose value is the vault marker. */
function vaultMarkedSecrets(p: Record<string, unknown>): string[] {
  const creds = asRecord(p.credentials);
  const type = creds.type;
  if (typeof type !== 'string' || !(type in CREDENTIAL_FIELDS)) return [];
  return CREDENTIAL_FIELDS[type as CredentialType].secrets.filter((k) => creds[k] === VAULT_MARKER);
}

function secretCount(p: Record<string, unknown>): number {
  const type = asRecord(p.credentials).type;
  return typeof type === 'string' && type in CREDENTIAL_FIELDS
    ? CREDENTIAL_FIELDS[type as CredentialType].secrets.length
    : 0;
}
