import { DEFAULT_SETTINGS, SettingsSchema, type Settings, type SettingsPatch } from '../shared/settings';
import { SettingsPatchSchema } from '../shared/settings';
import type { KeyValueStore, NoticeSink } from './ports';
import { VersionedStore, type Migration } from './versioned-store';

const fresh = (): Settings => structuredClone(DEFAULT_SETTINGS);

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Settings migrations; index n takes format n to n + 1.
 *
 * Format 0 is a settings object stored without the version envelope (hand-written, or from a
 * build before versioning): every field it lacks takes its default.
 */
const SETTINGS_MIGRATIONS: readonly Migration[] = [
  (data) => {
    if (!isRecord(data)) throw new Error('the settings are not an object');
    const legacy = data;
    return {
      ...fresh(),
      ...legacy,
      statusLegend: {
        ...fresh().statusLegend,
        ...(isRecord(legacy.statusLegend) ? legacy.statusLegend : {}),
      },
      kiosk: { ...fresh().kiosk, ...(isRecord(legacy.kiosk) ? legacy.kiosk : {}) },
    };
  },
  // Format 1 -> 2: the decode budget, the machine's sustained pixel rate and start-at-login arrive with
  // their defaults; a stored transport order that predates WebRTC gains it at its end (an order the user
  // chose keeps its first choices).
  (data) => {
    if (!isRecord(data)) throw new Error('the settings are not an object');
    const order = Array.isArray(data.transportOrder) ? data.transportOrder : undefined;
    return {
      ...data,
      decodeBudget: typeof data.decodeBudget === 'boolean' ? data.decodeBudget : fresh().decodeBudget,
      sustainedPixelRate: data.sustainedPixelRate ?? null,
      transportOrder: order && !order.includes('webrtc') ? [...order, 'webrtc'] : data.transportOrder,
      kiosk: { ...fresh().kiosk, ...(isRecord(data.kiosk) ? data.kiosk : {}) },
    };
  },
  // Format 2 -> 3: the language arrives as 'auto' (follow the operator's system), what every earlier
  // build showed in effect for an English system.
  (data) => {
    if (!isRecord(data)) throw new Error('the settings are not an object');
    return { ...data, language: data.language ?? fresh().language };
  },
];

/** Keep every field that validates; the others take their defaults. */
function salvage(data: unknown): { value: Settings; lost: string[] } | undefined {
  if (!isRecord(data)) return undefined;
  const value = fresh() as Record<string, unknown>;
  const lost: string[] = [];
  for (const [name, schema] of Object.entries(SettingsSchema.shape)) {
    if (!(name in data)) continue;
    const parsed = schema.safeParse(data[name]);
    if (parsed.success) value[name] = parsed.data;
    else lost.push(name);
  }
  return { value: SettingsSchema.parse(value), lost };
}

/** The user's settings: versioned, validated, kept aside and reported when broken. */
export class SettingsStore {
  private readonly doc: VersionedStore<Settings>;

  constructor(store: KeyValueStore, onNotice: NoticeSink) {
    this.doc = new VersionedStore({
      store,
      key: 'settings',
      label: 'settings',
      schema: SettingsSchema,
      migrations: SETTINGS_MIGRATIONS,
      initial: fresh,
      onNotice,
      salvage,
    });
  }

  get(): Promise<Settings> {
    return this.doc.load();
  }

  /** Top-level fields replace the stored ones; kiosk may be given in part. */
  async set(patch: SettingsPatch): Promise<Settings> {
    const p = SettingsPatchSchema.parse(patch);
    return this.doc.update((s) => {
      const { kiosk, ...rest } = p;
      const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      return { ...s, ...defined, kiosk: { ...s.kiosk, ...(kiosk ?? {}) } };
    });
  }

  /** Internal changes the patch schema does not allow (the selected profile). */
  update(change: (s: Settings) => Settings): Promise<Settings> {
    return this.doc.update(change);
  }
}
