import { parseCliArgs, USAGE } from './cli-args';
import { checkMaxPageSize } from './list-quirks';
import { startLiveDemo } from './live-demo';

/**
 * `npm run demo-platform -- [--port N] [--seed N] [--rtc-shape zlm|whep] …` (see USAGE)
 *
 * The first and only stdout line is `{"baseUrl", "credentials"}`, so a person or a test can use
 * the platform at once; everything else goes to stderr.
 */
async function main(): Promise<void> {
  let args;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const { mediaPort, scrambleFields, secretTtlMs, rtcShape, advertisedHost, maxPageSize, oddRecords, zlm } =
    args.mediaOptions;
  if (zlm !== undefined && zlm !== true) {
    process.stderr.write(`--zlm takes no value.\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (rtcShape !== undefined && rtcShape !== 'zlm' && rtcShape !== 'whep') {
    process.stderr.write(`--rtc-shape is zlm or whep (got ${JSON.stringify(rtcShape)}).\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (advertisedHost !== undefined && (typeof advertisedHost !== 'string' || advertisedHost === '')) {
    process.stderr.write(`--advertised-host needs a host name or address.\n\n${USAGE}\n`);
    process.exit(2);
  }
  try {
    if (maxPageSize !== undefined) checkMaxPageSize(maxPageSize);
  } catch {
    process.stderr.write(`--max-page-size needs a whole number from 1 to 100.\n\n${USAGE}\n`);
    process.exit(2);
  }
  const platform = await startLiveDemo({
    port: args.port,
    host: args.host,
    seed: args.seed,
    latencyMs: args.latencyMs,
    mediaOptions: args.mediaOptions,
    ...(typeof maxPageSize === 'number' && { maxPageSize }),
    ...(oddRecords === true && { oddRecords: true }),
    media: {
      port: typeof mediaPort === 'number' ? mediaPort : 0,
      ...(typeof advertisedHost === 'string' && { advertisedHost }),
      scrambleFields: scrambleFields === true,
      ...(rtcShape !== undefined && { rtcShape }),
      ...(typeof secretTtlMs === 'number' && { secretTtlMs }),
      ...(zlm === true && { zlm: true }),
    },
  });
  process.stdout.write(
    `${JSON.stringify({ baseUrl: platform.baseUrl, credentials: platform.credentials })}\n`,
  );
  const { products, devices } = platform.data;
  process.stderr.write(
    `[demo] platform listening on ${platform.baseUrl} (seed ${args.seed}: ${products.length} products, ${devices.length} devices)\n`,
  );
  if (platform.media)
    process.stderr.write(
      `[demo] live media on ${platform.media.origin} (faults: POST ${platform.media.origin}/admin/faults, loopback only)\n`,
    );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[demo] ${signal}: closing\n`);
    platform.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`[demo] could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
