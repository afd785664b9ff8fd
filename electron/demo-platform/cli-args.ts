export interface CliArgs {
  port: number;
  host: string;
  seed: number;
  latencyMs: number;
  /** Every flag the CLI does not know itself, camel-cased: `--media-port 9000` → `{ mediaPort: 9000 }`. */
  mediaOptions: Record<string, unknown>;
  help: boolean;
}

export const USAGE = `Usage: npm run demo-platform -- [options]

  --port N           port to listen on (0, the default, picks a free one)
  --host H           address to bind (default 127.0.0.1)
  --seed N           seed of the generated data (default 1)
  --latency-ms N     delay every answer by N ms
  --scramble-fields  put some stream URLs under mismatched field names
  --media-port N     port of the live media server (default: a free one)
  --secret-ttl-ms N  stream secrets expire after N ms (default: never)
  --rtc-shape S      where the rtc field points: zlm (ZLMediaKit's /index/api/webrtc, default)
                     or whep (WHEP, RFC 9725); both are served
  --advertised-host H  the host written into stream URLs (default the media server's own), e.g.
                     cams.invalid for a platform whose media server is behind NAT
  --max-page-size N  serve at most N records a page (1-100), as platforms that cap pageSize do
  --odd-records      serve some records with fields of an unexpected type (every tenth, from the 4th)
  --zlm              serve media as a real ZLMediaKit does: G.711 / AAC / silent-AAC audio beside the
                     picture (per device), WS-FLV one write per message, HLS segment URLs without the
                     secret, refused plays as HTTP 401 (WebRTC: 200 with code -400)
  --help             show this text

Prints one JSON line {"baseUrl", "credentials"} on stdout, then logs requests to stderr.`;

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function integer(flag: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || n < min || n > max)
    throw new Error(
      `--${flag} needs a whole number from ${min} to ${max} (got ${value === undefined ? 'nothing' : `"${value}"`}).`,
    );
  return n;
}

/** Parse the demo platform's command line; throws an Error with a message for the user. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { port: 0, host: '127.0.0.1', seed: 1, latencyMs: 0, mediaOptions: {}, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument "${arg}".`);
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const takesValue = () => {
      if (eq !== -1) return arg.slice(eq + 1);
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) return undefined;
      i += 1;
      return next;
    };
    switch (flag) {
      case 'help':
        args.help = true;
        break;
      case 'port':
        args.port = integer(flag, takesValue(), 0, 65535);
        break;
      case 'seed':
        args.seed = integer(flag, takesValue(), 0, 2 ** 32 - 1);
        break;
      case 'latency-ms':
        args.latencyMs = integer(flag, takesValue(), 0, 60_000);
        break;
      case 'host': {
        const host = takesValue();
        if (!host) throw new Error('--host needs an address.');
        args.host = host;
        break;
      }
      default: {
        // Unknown flags are for the media backend: numbers as numbers, a bare flag as true.
        const value = takesValue();
        args.mediaOptions[camel(flag)] =
          value === undefined ? true : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      }
    }
  }
  return args;
}
