import { DEFAULT_ROOM_ROOT, RoomNameSchema, type RoomConfig } from '../../shared/room';
import { LIMITS } from '../../shared/limits';

/**
 * This PC's name in the room from its host name: one MQTT topic level of letters, digits, ".", "_"
 * and "-", starting with a letter or digit (`WALL PC #2.local` gives `WALL-PC-2.local`); "pc" when
 * nothing of the host name is left.
 */
export function pcNameFromHost(hostName: string): string {
  const name = hostName
    .normalize('NFKD')
    // The accents NFKD took apart from their letters (Ü gives U).
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, LIMITS.id);
  return RoomNameSchema.safeParse(name).success ? name : 'pc';
}

/** The room's settings before anyone set them: off, no broker, this PC named after its host. */
export function defaultRoomConfig(hostName: string): RoomConfig {
  return {
    enabled: false,
    brokerUrl: null,
    username: null,
    pcName: pcNameFromHost(hostName),
    screens: [],
    root: DEFAULT_ROOM_ROOT,
    hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
  };
}
