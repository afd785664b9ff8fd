import { slugId } from '../shared/slug-id';
import { CREDENTIAL_FIELDS, validateTemplate } from '../shared/domain';
import type { Channel, ChannelOutput, EventName, EventPayload, Notice, Result } from '../shared/contract';
import type { Layout } from '../shared/layout';
import type { ProfileView } from '../shared/profile';
import type { ProvisioningSummary } from '../shared/provisioning';
import { testConnection } from './connection-tester';
import { CoreError, summarizeProblems } from './core-error';
import { CredentialVault, type Connection, type VaultProfile } from './credential-vault';
import type { Http } from './http-port';
import { LayoutStore } from './layout-store';
import { createLogger, type Logger } from './logger';
import { PlatformClient } from './platform-client';
import {
  systemClock,
  type Clock,
  type DemoLaunch,
  type KeyValueStore,
  type NoticeInput,
  type SecretCipher,
} from './ports';
import { checkProvisioning } from './provisioning-check';
import { runHandler, type CoreHandlers } from './run-handler';
import { SettingsStore } from './settings-store';
import { TemplateHistory } from './template-history';

/** The id of the profile demo:start creates; a call with it restarts the demo platform if needed. */
export const DEMO_PROFILE_ID = 'demo-platform';
export const DEMO_PROFILE_NAME = 'Demo platform';
const MAX_NOTICES = 50;

export interface CorePorts {
  cipher: SecretCipher;
  /** Settings, layouts, profiles (secrets encrypted) and template history, one document per key. */
  store: KeyValueStore;
  /** fetch-shaped; the runtime's fetch by default. */
  http?: Http;
  clock?: Clock;
  logger?: Logger;
  /** Start (or return the already running) embedded demo platform. Absent: demo:start is refused. */
  startDemo?: () => Promise<DemoLaunch>;
  /** Who is asking, for app:info. */
  app: { shell: 'electron' | 'web'; name?: string; version?: string; platform?: string };
  /** Per platform request; the client's default (10 s) if absent. */
  platformTimeoutMs?: number;
}

type AnyListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

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
}

/**
 * Build the core from its ports: the one composition both shells use.
 *
 * Loads every document first, so a corrupt or invalid file is kept aside and reported (app:notice,
 * and in app:info's notices) before the renderer asks for anything.
 */
export async function createCore(ports: CorePorts): Promise<Core> {
  const clock = ports.clock ?? systemClock;
  const log = ports.logger ?? createLogger('core');
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const anyListeners = new Set<AnyListener>();
  const recent: Notice[] = [];
  let noticeCount = 0;

  function emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of listeners.get(event) ?? []) safely(() => (l as (p: EventPayload<E>) => void)(payload));
    for (const l of anyListeners) safely(() => l(event, payload));
  }
  function safely(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      log.error('an event listener failed', { error: (e as Error).message });
    }
  }
  function notify(input: NoticeInput): Notice {
    const notice: Notice = { ...input, id: `notice-${++noticeCount}`, at: clock.now() };
    recent.push(notice);
    if (recent.length > MAX_NOTICES) recent.shift();
    if (notice.level === 'info') log.info(`[${notice.source}] ${notice.message}`);
    else log.warn(`[${notice.source}] ${notice.message}`);
    emit('app:notice', notice);
    return notice;
  }

  const vault = new CredentialVault({ store: ports.store, cipher: ports.cipher, onNotice: notify, clock });
  const settings = new SettingsStore(ports.store, notify);
  const layouts = new LayoutStore(ports.store, notify);
  const history = new TemplateHistory(ports.store, notify);
  await Promise.all([vault.open(), settings.get(), layouts.list(), history.open()]);

  // A selection or kiosk layout that points at nothing (a file edited or kept aside) is cleared.
  {
    const s = await settings.get();
    const dangling = s.selectedProfileId !== null && !(await vault.get(s.selectedProfileId));
    const noLayout = s.kiosk.startLayout !== null && !(await layouts.get(s.kiosk.startLayout));
    if (dangling || noLayout)
      await settings.update((cur) => ({
        ...cur,
        selectedProfileId: dangling ? null : cur.selectedProfileId,
        kiosk: noLayout ? { ...cur.kiosk, startLayout: null, enabled: false } : cur.kiosk,
      }));
  }

  const clients = new Map<string, { updatedAt: number; client: PlatformClient }>();
  let demo: Promise<DemoLaunch> | undefined;

  async function views(): Promise<ProfileView[]> {
    const { selectedProfileId } = await settings.get();
    return (await vault.list()).map((p) => toView(p, selectedProfileId));
  }
  async function profilesChanged(): Promise<void> {
    emit('profiles:changed', { profiles: await views() });
  }
  async function settingsChanged(): Promise<void> {
    emit('settings:changed', { settings: await settings.get() });
  }

  async function resolveProfile(profileId: string | undefined): Promise<VaultProfile> {
    const id = profileId ?? (await settings.get()).selectedProfileId;
    if (!id)
      throw new CoreError('not-configured', 'No connection profile is selected. Create or select one first.');
    const profile = await vault.get(id);
    if (!profile) throw new CoreError('not-configured', `There is no connection profile "${id}".`);
    return profile;
  }

  function buildClient(connection: Connection): PlatformClient {
    return new PlatformClient(
      { ...connection, ...(ports.platformTimeoutMs !== undefined && { timeoutMs: ports.platformTimeoutMs }) },
      { http: ports.http, logger: log.child('platform') },
    );
  }

  async function clientFor(
    profileId: string | undefined,
  ): Promise<{ profile: VaultProfile; client: PlatformClient }> {
    let profile = await resolveProfile(profileId);
    // The demo platform listens on a new port each run: bring it back before its profile is used.
    if (profile.id === DEMO_PROFILE_ID && ports.startDemo && !demo) {
      profile = (await startDemo()).profile;
    }
    const cached = clients.get(profile.id);
    if (cached && cached.updatedAt === profile.updatedAt) return { profile, client: cached.client };
    const client = buildClient(await vault.connectionFor(profile.id));
    clients.set(profile.id, { updatedAt: profile.updatedAt, client });
    return { profile, client };
  }

  async function select(id: string | null): Promise<void> {
    await settings.update((s) => ({ ...s, selectedProfileId: id }));
  }

  async function startDemo(): Promise<{ baseUrl: string; profile: VaultProfile }> {
    const start = ports.startDemo;
    if (!start) throw new CoreError('not-configured', 'This shell cannot start the demo platform.');
    demo ??= start().catch((e: unknown) => {
      demo = undefined;
      throw new CoreError('internal', `The demo platform did not start: ${(e as Error).message}`);
    });
    const { baseUrl, credentials } = await demo;
    const fields = CREDENTIAL_FIELDS[credentials.type];
    const record = credentials as unknown as Record<string, string>;
    const profile = await vault.save({
      id: DEMO_PROFILE_ID,
      name: DEMO_PROFILE_NAME,
      baseUrl,
      placement: 'query',
      credentialType: credentials.type,
      keys: Object.fromEntries(fields.keys.map((k) => [k, record[k]])),
      secrets: Object.fromEntries(fields.secrets.map((k) => [k, record[k]])),
      // The demo login is printed for anyone to use: protecting it weakly loses nothing.
      acceptWeakStorage: true,
    });
    clients.delete(DEMO_PROFILE_ID);
    return { baseUrl, profile };
  }

  async function importProvisioning(input: string | unknown): Promise<ProvisioningSummary> {
    const [saved, savedLayouts, tier] = await Promise.all([vault.list(), layouts.list(), vault.tier()]);
    const check = checkProvisioning(input, {
      profileIds: saved.map((p) => p.id),
      layoutIds: savedLayouts.map((l) => l.id),
      tier,
    });
    if (!check.ok) {
      const n = check.problems.length;
      throw new CoreError(
        'invalid-input',
        `The provisioning file was refused and nothing was applied (${n} problem${n === 1 ? '' : 's'}): ` +
          summarizeProblems(check.problems),
        check.problems,
      );
    }
    const { plan } = check;
    const undoProfiles = await vault.snapshot();
    const settingsBefore = structuredClone(await settings.get());
    try {
      await vault.saveMany(plan.profiles);
      if (plan.layouts.length) await layouts.saveMany(plan.layouts);
      await settings.update((s) => ({
        ...s,
        selectedProfileId: plan.selectedProfileId ?? s.selectedProfileId,
        kiosk: plan.kiosk ?? s.kiosk,
      }));
    } catch (e) {
      // Undo what was written, so a failure half-way (a full disk) still leaves nothing applied.
      await undoProfiles().catch(() => undefined);
      await layouts.restore(savedLayouts).catch(() => undefined);
      await settings.update(() => settingsBefore).catch(() => undefined);
      throw e;
    }
    for (const p of plan.profiles) clients.delete(p.id!);
    await profilesChanged();
    emit('layouts:changed', { layouts: await layouts.list() });
    await settingsChanged();
    const after = await settings.get();
    log.info(`provisioning imported: ${plan.profiles.length} profile(s), ${plan.layouts.length} layout(s)`);
    return {
      profiles: plan.profiles.map((p) => p.id!),
      layouts: plan.layouts.map((l) => l.id),
      selectedProfileId: after.selectedProfileId,
      kiosk: plan.kiosk,
    };
  }

  const handlers: CoreHandlers = {
    'profiles:list': () => views(),

    'profiles:save': async (input) => {
      const { select: selectIt, ...rest } = input;
      const saved = await vault.save(rest);
      clients.delete(saved.id);
      const { selectedProfileId } = await settings.get();
      if (selectIt || selectedProfileId === null) {
        await select(saved.id);
        await settingsChanged();
      }
      await profilesChanged();
      return toView(saved, (await settings.get()).selectedProfileId);
    },

    'profiles:remove': async ({ id }) => {
      const removed = await vault.remove(id);
      if (!removed) return { removed };
      clients.delete(id);
      await history.forget(id);
      if ((await settings.get()).selectedProfileId === id) {
        await select(null);
        await settingsChanged();
      }
      await profilesChanged();
      return { removed };
    },

    'profiles:select': async ({ id }) => {
      if (id !== null && !(await vault.get(id)))
        throw new CoreError('invalid-input', `There is no connection profile "${id}".`, [
          { path: 'id', message: 'no such profile' },
        ]);
      await select(id);
      await settingsChanged();
      await profilesChanged();
      return id === null ? null : (await views()).find((p) => p.id === id)!;
    },

    'profiles:test': async (input) => {
      let connection: Connection;
      if (input && 'draft' in input) connection = await vault.credentialsForDraft(input.draft);
      else {
        const { profile, client } = await clientFor(input?.id);
        return testConnection(client, (await vault.connectionFor(profile.id)).credentials);
      }
      return testConnection(buildClient(connection), connection.credentials);
    },

    'products:list': async (input) => {
      const { client } = await clientFor(input?.profileId);
      return client.listProducts({ page: input?.page, pageSize: input?.pageSize });
    },

    'devices:list': async (input) => {
      const { profile, client } = await clientFor(input.profileId);
      const productKey =
        input.productKey ?? (profile.credentialType === 'product' ? profile.keys.productKey : undefined);
      if (!productKey)
        throw new CoreError('invalid-input', 'Choose a product: listing devices needs its product key.', [
          { path: 'productKey', message: 'required' },
        ]);
      return client.listDevices(productKey, {
        keyword: input.keyword,
        page: input.page,
        pageSize: input.pageSize,
      });
    },

    'streams:start': async (input) => {
      const { client } = await clientFor(input.profileId);
      return client.startStream(input.deviceKey, { sipId: input.sipId, channelId: input.channelId });
    },

    'templates:create': async (input) => {
      const { profile, client } = await clientFor(input.profileId);
      const projectKey =
        input.projectKey ?? (profile.credentialType === 'project' ? profile.keys.projectKey : undefined);
      const checked = validateTemplate(input.template);
      const problems = [
        ...(projectKey
          ? []
          : [{ path: 'projectKey', message: 'required: the project to add the template to' }]),
        ...(checked.ok ? [] : checked.problems),
      ];
      if (problems.length || !checked.ok || !projectKey)
        throw new CoreError(
          'invalid-input',
          `The template cannot be added: ${summarizeProblems(problems)}`,
          problems,
        );
      const result = await client.createTemplate(projectKey, checked.value);
      const entry = {
        profileId: profile.id,
        projectKey,
        templateId: result.templateId,
        templateName: result.templateName,
        createdAt: clock.now(),
        template: checked.value,
      };
      try {
        await history.record(entry);
        emit('templates:created', { entry });
      } catch (e) {
        // The template exists on the platform: losing the local record must not report a failure.
        notify({
          level: 'warning',
          source: 'template-history',
          message: `Template "${result.templateName}" was added, but the local history could not be saved: ${(e as Error).message}`,
        });
      }
      return result;
    },

    'templates:history': async (input) => {
      const profile = await resolveProfile(input?.profileId);
      return history.list(profile.id);
    },

    'layouts:list': () => layouts.list(),

    'layouts:save': async (draft) => {
      if (!(await vault.get(draft.profileId)))
        throw new CoreError('invalid-input', `The layout's profile "${draft.profileId}" does not exist.`, [
          { path: 'profileId', message: 'no such profile' },
        ]);
      const existing = await layouts.list();
      const layout: Layout = {
        ...draft,
        id:
          draft.id ??
          uniqueId(
            draft.name,
            existing.map((l) => l.id),
          ),
      };
      await layouts.saveMany([layout]);
      emit('layouts:changed', { layouts: await layouts.list() });
      return layout;
    },

    'layouts:remove': async ({ id }) => {
      const removed = await layouts.remove(id);
      if (!removed) return { removed };
      emit('layouts:changed', { layouts: await layouts.list() });
      if ((await settings.get()).kiosk.startLayout === id) {
        await settings.update((s) => ({ ...s, kiosk: { ...s.kiosk, startLayout: null, enabled: false } }));
        notify({
          level: 'warning',
          source: 'settings',
          message: 'The kiosk start layout was removed, so kiosk mode was turned off.',
        });
        await settingsChanged();
      }
      return { removed };
    },

    'settings:get': () => settings.get(),

    'settings:set': async (patch) => {
      const start = patch.kiosk?.startLayout;
      if (start && !(await layouts.get(start)))
        throw new CoreError('invalid-input', `There is no layout "${start}".`, [
          { path: 'kiosk.startLayout', message: 'no such layout' },
        ]);
      const current = await settings.get();
      const enabled = patch.kiosk?.enabled ?? current.kiosk.enabled;
      const startLayout =
        patch.kiosk?.startLayout !== undefined ? patch.kiosk.startLayout : current.kiosk.startLayout;
      if (enabled && !startLayout)
        throw new CoreError('invalid-input', 'Kiosk mode needs a start layout.', [
          { path: 'kiosk.startLayout', message: 'required when kiosk mode is enabled' },
        ]);
      const next = await settings.set(patch);
      await settingsChanged();
      return next;
    },

    'demo:start': async () => {
      const { baseUrl, profile } = await startDemo();
      await select(profile.id);
      await settingsChanged();
      await profilesChanged();
      return { baseUrl, profile: toView(profile, profile.id) };
    },

    'app:info': async () => ({
      name: ports.app.name ?? 'Control Room Wall',
      version: ports.app.version ?? '0.0.0',
      shell: ports.app.shell,
      platform: ports.app.platform ?? process.platform,
      storageTier: await ports.cipher.tier(),
      storageDescription: await ports.cipher.describe(),
      demoAvailable: ports.startDemo !== undefined,
      notices: [...recent],
    }),

    'provisioning:import': ({ text }) => importProvisioning(text),
  };

  // A weak or missing keychain is worth knowing before the user types a secret.
  const tier = await ports.cipher.tier();
  if (tier === 'weak' || tier === 'unavailable')
    notify({
      level: 'warning',
      source: 'vault',
      message:
        tier === 'weak'
          ? 'Only weak secret storage is available on this machine (no OS keychain answered). Saving a profile asks for your consent first.'
          : 'This machine cannot encrypt secrets right now: profiles with secrets cannot be saved.',
    });

  return {
    handlers,
    call: (channel, input) => runHandler(handlers, channel, input, log),
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
    onAny(listener) {
      anyListeners.add(listener);
      return () => void anyListeners.delete(listener);
    },
    notify,
    notices: () => [...recent],
    importProvisioning,
  };
}

function toView(p: VaultProfile, selectedId: string | null): ProfileView {
  const { updatedAt: _updatedAt, ...rest } = p;
  return { ...rest, selected: p.id === selectedId };
}

function uniqueId(name: string, taken: readonly string[]): string {
  return slugId(name, (id) => taken.includes(id), 'layout');
}
