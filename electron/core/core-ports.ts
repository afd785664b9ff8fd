import type { Http } from './http-port';
import type { Logger } from './logger';
import type { OpenRoomLink } from './room/room-link';
import type { Clock, DemoLauncher, KeyValueStore, SecretCipher, SnapshotFolder, WallWindows } from './ports';

/** What a shell gives the core it creates (createCore): its adapters, and who is asking. */
export interface CorePorts {
  cipher: SecretCipher;
  /** Settings, layouts, profiles (secrets encrypted) and template history, one document per key. */
  store: KeyValueStore;
  /** fetch-shaped; the runtime's fetch by default. */
  http?: Http;
  clock?: Clock;
  logger?: Logger;
  /** Start (or return the already running) embedded demo platform. Absent: demo:start is refused. */
  startDemo?: DemoLauncher;
  /**
   * Who is asking, for app:info; `systemLanguages`, the OS's preferred languages, most preferred
   * first, where the shell can ask the OS (the desktop app), for the renderer's 'auto' language.
   */
  app: {
    shell: 'electron' | 'web';
    name?: string;
    version?: string;
    platform?: string;
    systemLanguages?: () => string[];
  };
  /** Per platform request; the client's default (10 s) if absent. */
  platformTimeoutMs?: number;
  /** Between probes of a platform that stopped answering; 2 s by default. */
  platformProbeMs?: number;
  /**
   * The wait after the free wrong PINs; 30 s by default. Set by the composition only (a test of the
   * countdown shortens it); no channel reaches it.
   */
  pinFirstWaitMs?: number;
  /** The end of this shell's log file, for app:diagnostics; absent where the shell keeps none. */
  logTail?: () => Promise<string>;
  /** The shell's own windows (the desktop app: a view in a window on a display); absent: the page opens browser windows. */
  windows?: WallWindows;
  /** The operator log's folder (`<data folder>/operator-log`); absent: the log is kept in memory only. */
  operatorLogDir?: string;
  /** Opens the room's links (the MQTT client by default: room/mqtt-room-link.ts). */
  openRoomLink?: OpenRoomLink;
  /** This PC's host name, for its default name in the control room; the OS's by default. */
  hostName?: string;
  /** Where tile snapshots go (the desktop app: Pictures); absent: snapshots:save is refused (the browser downloads). */
  snapshots?: SnapshotFolder;
}
