import type { ErrorParams } from '../../shared/domain';
import type { RoomConnection } from '../../shared/room';

/**
 * Why a link is away (or the room off): English words for logs and scripts, and a code with its
 * parameters (`errors:room.*`, `errors:vault.*`) the renderer words in the operator's language.
 */
export interface LinkReason {
  message: string;
  code?: string;
  params?: ErrorParams;
}

/**
 * One connection to the room's broker, as the room's parts use it (the screens' agent, the console's
 * view of the room). The MQTT client behind it (`mqtt-room-link.ts`) reconnects by itself and
 * resubscribes; a caller only publishes, subscribes and listens.
 */
export interface RoomLink {
  /** Publish (QoS 1 unless told); resolves once the broker has it, rejects when the link is closed. */
  publish(topic: string, payload: string, options?: { retain?: boolean; qos?: 0 | 1 }): Promise<void>;
  /** Subscribe to a topic filter (kept across reconnects). */
  subscribe(filter: string): Promise<void>;
  /** Every message on a subscribed topic (retained ones included, flagged). */
  onMessage(listener: (topic: string, payload: Buffer, retained: boolean) => void): () => void;
  /**
   * A message over `maxMessageBytes`, dropped unparsed, so the caller can report why it was refused.
   * Optional so a test's fake link need not have it; `createMqttRoomLink` always has it.
   */
  onDropped?(listener: (topic: string, bytes: number, retained: boolean) => void): () => void;
  /**
   * The link's state as the status bar says it (connecting, online, away with a reason: its words,
   * and the same reason coded).
   */
  onState(
    listener: (state: RoomConnection['state'], reason: string | null, coded: LinkReason | null) => void,
  ): () => void;
  readonly state: RoomConnection['state'];
  /** Close for good (publishing nothing more; the last will is not sent on a clean close). */
  close(): Promise<void>;
}

/** What opening a link takes: where, as whom, and the message the broker sends when the link dies. */
export interface RoomLinkOptions {
  url: string;
  clientId: string;
  username: string | null;
  /** From the vault; never logged, never put into the URL. */
  password: string | null;
  will?: { topic: string; payload: string; retain: boolean; qos: 0 | 1 };
  /** Messages larger than this are dropped before parsing (and reported by the caller). */
  maxMessageBytes: number;
}

export type OpenRoomLink = (options: RoomLinkOptions) => RoomLink;
