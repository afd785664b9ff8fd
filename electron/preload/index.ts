import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Api, Channel, ChannelOutput, EventListener, EventName, Result } from '../shared/contract';

/*
 * The bridge: the whole surface the page gets, as `window.wallApi`.
 *
 * Named one-liners, one per channel, checked against the contract with `satisfies Api`. The page
 * never sees ipcRenderer, an IpcRendererEvent or a way to name a channel itself. Only types come
 * from the contract, so this sandboxed preload bundles nothing but these lines.
 */

/** Typed by channel, so a one-liner that names the wrong channel does not type-check against Api. */
const invoke = <C extends Channel>(channel: C, input?: unknown): Promise<Result<ChannelOutput<C>>> =>
  ipcRenderer.invoke(channel, input);

/** The push events a page may listen to; the Record type makes the list exactly the contract's. */
const EVENTS: Record<EventName, true> = {
  'profiles:changed': true,
  'layouts:changed': true,
  'settings:changed': true,
  'templates:created': true,
  'app:notice': true,
  'kiosk:changed': true,
  'platform:changed': true,
  'oplog:appended': true,
  'tours:changed': true,
  'room:changed': true,
};

const api = {
  profiles: {
    list: () => invoke('profiles:list'),
    save: (input) => invoke('profiles:save', input),
    remove: (input) => invoke('profiles:remove', input),
    select: (input) => invoke('profiles:select', input),
    test: (input) => invoke('profiles:test', input),
  },
  products: { list: (input) => invoke('products:list', input) },
  devices: { list: (input) => invoke('devices:list', input) },
  streams: { start: (input) => invoke('streams:start', input) },
  templates: {
    create: (input) => invoke('templates:create', input),
    history: (input) => invoke('templates:history', input),
  },
  layouts: {
    list: () => invoke('layouts:list'),
    save: (input) => invoke('layouts:save', input),
    remove: (input) => invoke('layouts:remove', input),
    rename: (input) => invoke('layouts:rename', input),
    duplicate: (input) => invoke('layouts:duplicate', input),
  },
  settings: {
    get: () => invoke('settings:get'),
    set: (input) => invoke('settings:set', input),
  },
  demo: { start: () => invoke('demo:start') },
  app: { info: () => invoke('app:info'), diagnostics: () => invoke('app:diagnostics') },
  provisioning: { import: (input) => invoke('provisioning:import', input) },
  platform: { status: () => invoke('platform:status') },
  ui: {
    get: (input) => invoke('ui:get', input),
    set: (input) => invoke('ui:set', input),
  },
  kiosk: {
    status: () => invoke('kiosk:status'),
    unlock: (input) => invoke('kiosk:unlock', input),
    lock: () => invoke('kiosk:lock'),
  },
  displays: { list: () => invoke('displays:list') },
  windows: { open: (input) => invoke('windows:open', input) },
  tours: {
    list: () => invoke('tours:list'),
    save: (input) => invoke('tours:save', input),
    remove: (input) => invoke('tours:remove', input),
  },
  views: {
    export: (input) => invoke('views:export', input),
    import: (input) => invoke('views:import', input),
  },
  snapshots: {
    save: (input) => invoke('snapshots:save', input),
  },
  oplog: {
    append: (input) => invoke('oplog:append', input),
    list: (input) => invoke('oplog:list', input),
    csv: (input) => invoke('oplog:csv', input),
  },
  room: {
    config: () => invoke('room:config'),
    configure: (input) => invoke('room:configure', input),
    status: () => invoke('room:status'),
    send: (input) => invoke('room:send', input),
    report: (input) => invoke('room:report', input),
  },

  on<E extends EventName>(event: E, listener: EventListener<E>): () => void {
    // Only the contract's events: a page must not subscribe to arbitrary (internal) IPC channels.
    if (!Object.hasOwn(EVENTS, event)) throw new Error(`Unknown event "${String(event)}".`);
    // The listener gets the payload only, never the IpcRendererEvent (it carries `sender`).
    const forward = (_event: IpcRendererEvent, payload: unknown): void =>
      listener(payload as Parameters<EventListener<E>>[0]);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
} satisfies Api;

contextBridge.exposeInMainWorld('wallApi', api);
