/** What `npm run bench:room -- --help` prints. */
export const ROOM_BENCH_USAGE = `Control-room benchmark (issue #31): a console's room:send to a screen of another PC, over a real broker.

  npm run bench:room -- [--broker mosquitto|hosted] [--sends 50] [--tiles 4]
                        [--screens 8] [--rounds 10] [--part all|picture|screens]

  picture  a console PC and a screen PC (two browser shells on their own data folders, the demo
           platform's live media): --sends sends alternating between two views of --tiles devices
           each (no device in both); per send, from the console's room:send call to the screen
           core's announcement (desired applied), to the screen page's first new picture of a new
           device (requestVideoFrameCallback) and of all of them, and to its reported revision.
  screens  --screens screens of one PC (one shell, a page each with ?screen=) on the same broker;
           --rounds rounds of one send to every screen at once; send -> reported with the new
           revision, and the broker process's CPU over the rounds (Mosquitto only: the hosted
           broker runs inside this process).

  --broker mosquitto  Debian's mosquitto with a password file and an ACL file (the default)
  --broker hosted     the broker the app hosts itself (aedes), in this process

Writes .bench/room-<broker>-<sends>s-<screens>x<rounds>.json and prints a table.`;

export interface RoomBenchArgs {
  broker: 'mosquitto' | 'hosted';
  /** Sends for the picture part. */
  sends: number;
  /** Devices in each of the two views the picture part alternates between. */
  tiles: number;
  /** Screens for the many-screens part. */
  screens: number;
  /** Rounds of one send to every screen. */
  rounds: number;
  part: 'all' | 'picture' | 'screens';
  help: boolean;
}

/** Read the switches; a wrong value throws with the accepted ones. */
export function parseRoomArgs(argv: readonly string[]): RoomBenchArgs {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const count = (name: string, fallback: number, max: number): number => {
    const text = value(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} takes 1..${max}`);
    return n;
  };
  const broker = value('broker') ?? 'mosquitto';
  if (broker !== 'mosquitto' && broker !== 'hosted') throw new Error('--broker mosquitto|hosted');
  const part = value('part') ?? 'all';
  if (part !== 'all' && part !== 'picture' && part !== 'screens')
    throw new Error('--part all|picture|screens');
  return {
    broker,
    sends: count('sends', 50, 10_000),
    // Two views of this many devices each, all different: the demo user sees 24 or more.
    tiles: count('tiles', 4, 9),
    screens: count('screens', 8, 16),
    rounds: count('rounds', 10, 1_000),
    part,
    help: argv.includes('--help') || argv.includes('-h'),
  };
}
