import type { ProfileView } from '../shared/profile';
import type { CredentialVault, VaultProfile } from './credential-vault';
import type { DemoLifecycle } from './demo-lifecycle';
import type { DeviceNameLookup } from './device-name-lookup';
import type { EventBus } from './event-bus';
import type { LayoutStore } from './layout-store';
import type { TourStore } from './tour-store';
import type { Logger } from './logger';
import type { PlatformClients } from './platform-clients';
import type { Clock, NoticeInput } from './ports';
import type { Notice } from '../shared/contract';
import type { AdminSession } from './kiosk-lock';
import type { UiStateStore } from './ui-state-store';
import type { PlatformHealth } from './platform-health';
import type { KioskPin, PinThrottle } from './kiosk-pin';
import type { SettingsStore } from './settings-store';
import type { TemplateHistory } from './template-history';
import type { CorePorts } from './core-ports';
import type { HostedBrokerRunner } from './room/hosted-broker-runner';
import type { RoomConfigStore } from './room/room-config-store';

/** What every domain's handlers share: the services, the event bus and the announcements. */
export interface CoreContext {
  ports: CorePorts;
  clock: Clock;
  log: Logger;
  events: EventBus;
  notify(input: NoticeInput): Notice;
  notices(): Notice[];
  vault: CredentialVault;
  settings: SettingsStore;
  layouts: LayoutStore;
  tours: TourStore;
  history: TemplateHistory;
  clients: PlatformClients;
  demo: DemoLifecycle;
  uiState: UiStateStore;
  health: PlatformHealth;
  /** Device names looked up for tiles without one, and kept with the layouts. */
  deviceNames: DeviceNameLookup;
  /** The control room's settings and broker password (room:config, room:configure, provisioning). */
  roomConfig: RoomConfigStore;
  /** The broker this PC hosts when the room's settings say so. */
  hostedBroker: HostedBrokerRunner;
  /** The admin PIN, the throttle on wrong ones, and an administrator's unlock. */
  kiosk: { pin: KioskPin; throttle: PinThrottle; session: AdminSession };
  /** Push the current state of a document to every listener after it changed. */
  announce: {
    profiles(): Promise<void>;
    settings(): Promise<void>;
    layouts(): Promise<void>;
    tours(): Promise<void>;
    kiosk(): Promise<void>;
  };
  /** The profiles as the renderer sees them, with the selection. */
  views(): Promise<ProfileView[]>;
  selectProfile(id: string | null): Promise<void>;
}

export function toView(p: VaultProfile, selectedId: string | null): ProfileView {
  const { updatedAt: _updatedAt, ...rest } = p;
  return { ...rest, selected: p.id === selectedId };
}
