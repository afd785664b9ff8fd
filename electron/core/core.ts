import type { Channel, ChannelOutput, EventName, EventPayload, Notice, Result } from '../shared/contract';
import { hostname } from 'node:os';
import type { AfterImport, ProvisioningSummary } from '../shared/provisioning';
import { toView, type CoreContext } from './core-context';
import type { CorePorts } from './core-ports';
import { CredentialVault } from './credential-vault';
import { DemoLifecycle } from './demo-lifecycle';
import { DeviceNameLookup } from './device-name-lookup';
import { EventBus, type AnyListener } from './event-bus';
import { appHandlers } from './handlers/app-handlers';
import { AdminSession, guardKioskLock } from './kiosk-lock';
import { KioskPin, PinThrottle } from './kiosk-pin';
import { kioskHandlers, kioskStatusOf } from './handlers/kiosk-handlers';
import { uiStateHandlers } from './handlers/ui-state-handlers';
import { windowHandlers } from './handlers/window-handlers';
import { UiStateStore } from './ui-state-store';
import { recoverInterruptedImport } from './provisioning-journal';
import { PlatformHealth } from './platform-health';
import { probeCall } from './connection-tester';
import { catalogHandlers } from './handlers/catalog-handlers';
import { demoHandlers } from './handlers/demo-handlers';
import { layoutHandlers } from './handlers/layout-handlers';
import { operatorLogHandlers } from './handlers/operator-log-handlers';
import { OperatorLog } from './operator-log';
import { tourHandlers } from './handlers/tour-handlers';
import { viewTransferHandlers } from './handlers/view-transfer-handlers';
import { reportDanglingTours, TourStore } from './tour-store';
import { profileHandlers } from './handlers/profile-handlers';
import { roomConfigHandlers } from './handlers/room-config-handlers';
import { roomHandlers } from './handlers/room-handlers';
import { createRoomService } from './room/room-setup';
import { HostedBrokerRunner } from './room/hosted-broker-runner';
import { RoomConfigStore } from './room/room-config-store';
import { provisioningHandlers } from './handlers/provisioning-handlers';
import { settingsHandlers } from './handlers/settings-handlers';
import { snapshotHandlers } from './handlers/snapshot-handlers';
import { streamHandlers } from './handlers/stream-handlers';
import { templateHandlers } from './handlers/template-handlers';
import { LayoutStore } from './layout-store';
import { createLogger } from './logger';
import { NoticeLog } from './notice-log';
import { PlatformClients } from './platform-clients';
import { systemClock, type NoticeInput } from './ports';
import {
  applyProvisioningFile,
  applyStandingProvisioning,
  standingProvisioningPath,
  type ProvisioningFileResult,
} from './provisioning-file';
import { importProvisioning } from './provisioning-import';
import { runHandler, type CoreHandlers } from './run-handler';
import { SettingsStore } from './settings-store';
import { warnAboutWeakStorage } from './storage-warning';
import { repairDanglingReferences } from './startup-repair';
import { TemplateHistory } from './template-history';

export { DEMO_PROFILE_ID } from './demo-lifecycle';

export type { CorePorts } from './core-ports';

export interface Core {
  /** One handler per channel, taking validated input. Shells call them through call(). */
  handlers: CoreHandlers;
  /** runHandler over these handlers: validate, run, parse the output, never throw. */
  call<C extends Channel>(channel: C, input: unknown): Promise<Result<ChannelOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Every push event, for a shell that forwards them all (webContents.send, SSE). */
  onAny(listener: AnyListener): () => void;
  /** Raise a notice from the shell (say, weak storage found at start-up). */
  notify(notice: NoticeInput): Notice;
  notices(): Notice[];
  /** For `--provision FILE`: the same all-or-nothing import as provisioning:import. */
  importProvisioning(input: string | unknown): Promise<ProvisioningSummary>;
  /** Import a provisioning file, then strip its secrets (or remove it): provisioning-file.ts. */
  applyProvisioningFile(file: string, options?: { after?: AfterImport }): Promise<ProvisioningFileResult>;
  /** The standing file at its per-OS path, applied once per content; undefined when absent or applied. */
  applyStandingProvisioning(file?: string): Promise<ProvisioningFileResult | undefined>;
  /** Stop for good (the shell quits): the room's screens say offline, its links and hosted broker close. */
  close(): Promise<void>;
}

/**
 * Build the core from its ports: the one composition both shells use.
 *
 * Loads every document first, so a corrupt or invalid file is kept aside and reported (app:notice,
 * and in app:info's notices) before the renderer asks for anything. Each domain's channels live in
 * handlers/; this only wires the services they share.
 */
export async function createCore(ports: CorePorts): Promise<Core> {
  const clock = ports.clock ?? systemClock;
  const log = ports.logger ?? createLogger('core');
  const events = new EventBus(log);
  const notices = new NoticeLog({ clock, log, events });
  const notify = notices.notify;
  // Undo a provisioning import that a crash cut short, before any store reads its documents.
  await recoverInterruptedImport(ports.store, notify);

  const vault = new CredentialVault({ store: ports.store, cipher: ports.cipher, onNotice: notify, clock });
  const settings = new SettingsStore(ports.store, notify);
  const layouts = new LayoutStore(ports.store, notify);
  const history = new TemplateHistory(ports.store, notify);
  const operatorLog = new OperatorLog({ dir: ports.operatorLogDir, log: log.child('operator-log') });
  await operatorLog.open();
  const tours = new TourStore(ports.store, notify);
  const roomConfig = new RoomConfigStore({
    store: ports.store,
    cipher: ports.cipher,
    onNotice: notify,
    hostName: ports.hostName ?? hostname(),
  });
  const hostedBroker = new HostedBrokerRunner({ onNotice: notify, log: log.child('room') });
  // The hosted broker follows the room's settings (registered first: it starts before the room rejoins).
  roomConfig.onChange((current) => void hostedBroker.apply(current));
  await Promise.all([
    vault.open(),
    settings.get(),
    layouts.list(),
    history.open(),
    tours.list(),
    roomConfig.open(),
  ]);
  await repairDanglingReferences({ vault, settings, layouts });
  const viewIds = (await layouts.list()).map((l) => l.id);
  await reportDanglingTours(tours, viewIds, notify);

  const forget = (id: string) => clients.forget(id);
  const demo = new DemoLifecycle({ launcher: ports.startDemo, vault, onProfile: forget });
  const clients: PlatformClients = new PlatformClients({
    vault,
    settings,
    http: ports.http,
    log,
    timeoutMs: ports.platformTimeoutMs,
    prepare: (profile) => demo.prepare(profile),
    onOutcome: (profileId, origin, outcome) => health.record(profileId, origin, outcome),
  });
  const health = new PlatformHealth({
    now: () => clock.now(),
    emit: (status) => events.emit('platform:changed', status),
    probe: async (profileId) => {
      const { profile, client } = await clients.for(profileId);
      await probeCall(client, (await vault.connectionFor(profile.id)).credentials);
    },
    intervalMs: ports.platformProbeMs,
  });

  const deviceNames = new DeviceNameLookup({
    vault,
    settings,
    layouts,
    tours,
    clients,
    log: log.child('device-names'),
    now: () => clock.now(),
    // ctx is built below; names are written only after the start delay.
    announce: { layouts: () => ctx.announce.layouts(), tours: () => ctx.announce.tours() },
  });

  const views = async () => {
    const { selectedProfileId } = await settings.get();
    return (await vault.list()).map((p) => toView(p, selectedProfileId));
  };
  const kiosk = {
    pin: new KioskPin(ports.store),
    throttle: new PinThrottle(() => clock.now(), ports.pinFirstWaitMs),
    session: new AdminSession(() => clock.now()),
  };
  const ctx: CoreContext = {
    ports,
    clock,
    log,
    events,
    notify,
    notices: () => notices.list(),
    vault,
    settings,
    layouts,
    tours,
    history,
    clients,
    demo,
    kiosk,
    uiState: new UiStateStore(ports.store, () => clock.now(), notify),
    health,
    deviceNames,
    roomConfig,
    hostedBroker,
    views,
    selectProfile: (id) => settings.update((s) => ({ ...s, selectedProfileId: id })).then(() => undefined),
    announce: {
      profiles: async () => events.emit('profiles:changed', { profiles: await views() }),
      settings: async () => events.emit('settings:changed', { settings: await settings.get() }),
      layouts: async () => events.emit('layouts:changed', { layouts: await layouts.list() }),
      tours: async () => events.emit('tours:changed', { tours: await tours.list() }),
      kiosk: async () => events.emit('kiosk:changed', await kioskStatusOf({ settings, kiosk })),
    },
  };

  // The room: this PC's screens and the console's view of every screen (the hosted broker first, so
  // the links find it listening).
  const room = createRoomService({
    settings: {
      current: async () => {
        const current = await roomConfig.current();
        await hostedBroker.apply(current);
        return current;
      },
      onChange: (listener) => roomConfig.onChange(listener),
    },
    vault,
    appSettings: settings,
    layouts,
    operatorLog,
    events,
    log: log.child('room'),
    now: () => clock.now(),
    version: ports.app.version ?? '0.0.0',
    ...(ports.openRoomLink && { openLink: ports.openRoomLink }),
    hosting: () => hostedBroker.state().hosting,
    deviceNames,
  });
  hostedBroker.onChange(() => room.announce());

  const handlers: CoreHandlers = guardKioskLock(
    {
      ...profileHandlers(ctx),
      ...catalogHandlers(ctx),
      ...streamHandlers(ctx),
      ...templateHandlers(ctx),
      ...layoutHandlers(ctx),
      ...tourHandlers(ctx),
      ...viewTransferHandlers(ctx),
      ...settingsHandlers(ctx),
      ...provisioningHandlers(ctx),
      ...demoHandlers(ctx),
      ...appHandlers(ctx),
      ...kioskHandlers(ctx),
      ...uiStateHandlers(ctx),
      ...windowHandlers(ctx),
      ...snapshotHandlers(ctx),
      ...roomConfigHandlers(ctx),
      ...roomHandlers(room),
      ...operatorLogHandlers({ operatorLog, events, now: () => clock.now() }),
      'platform:status': async () => health.status((await settings.get()).selectedProfileId),
    },
    settings,
    kiosk.session,
  );

  await warnAboutWeakStorage(ports.cipher, notify);
  // The broker this PC hosts, when the room's settings say so (a failure to start is a notice).
  await roomConfig.current().then(
    (current) => hostedBroker.apply(current),
    (e: unknown) => notify({ level: 'error', source: 'room', message: (e as Error).message }),
  );
  // Names for tiles that have none: once after start, then after every change (never blocking).
  deviceNames.start(events);
  // Joins the room when its settings say so (connecting goes on in the background).
  await room.start();
  const fileDeps = { importProvisioning: (text: string) => importProvisioning(ctx, text), notify };

  return {
    handlers,
    call: (channel, input) => runHandler(handlers, channel, input, log),
    on: (event, listener) => events.on(event, listener),
    onAny: (listener) => events.onAny(listener),
    notify,
    notices: ctx.notices,
    importProvisioning: (input) => importProvisioning(ctx, input),
    applyProvisioningFile: (file, options) => applyProvisioningFile(file, fileDeps, options),
    applyStandingProvisioning: (file = standingProvisioningPath()) =>
      applyStandingProvisioning(file, { ...fileDeps, store: ports.store, now: () => clock.now() }),
    close: async () => {
      await room.close();
      await hostedBroker.close();
    },
  };
}
