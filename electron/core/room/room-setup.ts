import type { CredentialVault } from '../credential-vault';
import type { DeviceNameLookup } from '../device-name-lookup';
import type { EventBus } from '../event-bus';
import type { LayoutStore } from '../layout-store';
import type { Logger } from '../logger';
import type { OperatorLog } from '../operator-log';
import type { SettingsStore } from '../settings-store';
import type { LocalFacts } from './desired-check';
import { createMqttRoomLink } from './mqtt-room-link';
import type { OpenRoomLink } from './room-link';
import { RoomService, type RoomSettingsSource } from './room-service';

export interface RoomSetupDeps {
  settings: RoomSettingsSource;
  vault: CredentialVault;
  appSettings: SettingsStore;
  layouts: LayoutStore;
  operatorLog: OperatorLog;
  events: EventBus;
  log: Logger;
  now: () => number;
  version: string;
  /** The MQTT link by default; a shell or a test may give another. */
  openLink?: OpenRoomLink;
  hosting?: () => { host: string; port: number } | null;
  /** The core's device name lookup: a screen titles the tiles of a view sent without names. */
  deviceNames?: Pick<DeviceNameLookup, 'namesFor'>;
}

/**
 * The room service as the core builds it: this PC's facts (its selected profile, its saved views)
 * from the core's stores, its operator-log entries into the operator log (announced like any
 * append), its status out as `room:changed`.
 */
export function createRoomService(deps: RoomSetupDeps): RoomService {
  const { log, deviceNames } = deps;
  const facts: LocalFacts = {
    selectedProfile: async () => {
      const { selectedProfileId } = await deps.appSettings.get();
      const profile = selectedProfileId ? await deps.vault.get(selectedProfileId) : undefined;
      return profile ? { id: profile.id, name: profile.name } : null;
    },
    savedViews: async () =>
      (await deps.layouts.list()).map((l) => ({ id: l.id, name: l.name, grid: l.grid })),
  };
  return new RoomService({
    settings: deps.settings,
    openLink: deps.openLink ?? createMqttRoomLink,
    facts,
    version: deps.version,
    now: deps.now,
    log,
    emit: (status) => deps.events.emit('room:changed', status),
    record: (event) =>
      void deps.operatorLog.append([event]).then(
        (added) => {
          const lastId = added.at(-1)?.id;
          if (lastId !== undefined) deps.events.emit('oplog:appended', { lastId, count: added.length });
        },
        (error: unknown) =>
          log.warn(`a room event was not kept in the operator log: ${(error as Error).message}`),
      ),
    ...(deps.hosting && { hosting: deps.hosting }),
    ...(deviceNames && { names: (keys) => deviceNames.namesFor(keys) }),
  });
}
