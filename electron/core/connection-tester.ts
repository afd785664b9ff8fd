import {
  canPerform,
  OPERATION_MATRIX,
  OperationSchema,
  refusalMessage,
  type Credentials,
  type Operation,
  type Placement,
} from '../shared/domain';
import { plainHttpWarning } from '../shared/transport-security';
import type { AppError } from '../shared/contract';
import type { OperationCheck, ProfileTestResult, TestWords } from '../shared/profile';
import type { Connection } from './credential-vault';
import type { PlatformClient } from './platform-client';
import { toPlatformError } from './platform-error';

/** A product key no platform should hold: asking for its devices proves only that we got in. */
const PROBE_PRODUCT_KEY = 'connection-test-probe';

/** Errors that say nothing about the credentials: the platform could not be asked. */
const UNDECIDED = new Set(['network', 'timeout', 'server', 'bad-response', 'cancelled']);

interface Probe {
  operation: Operation;
  call: (client: PlatformClient) => Promise<unknown>;
  /** How to read an error: for the probe call, a refusal of the unknown product still means "signed in". */
  acceptedDespite?: (e: AppError) => boolean;
  /** What the call did, in the operator's words; from its answer when it has one. */
  note: (answer?: unknown) => string;
  /** The note as a code for the renderer to word (profiles catalog `report.probe.<code>`). */
  noteCode: 'products' | 'devices' | 'stream' | 'projectProbe';
}

/** A probe's note as a code, with the page total the answer gave (if any). */
function noteWords(probe: Probe, answer?: unknown): TestWords {
  const total = totalOf(answer);
  return { code: probe.noteCode, ...(total !== undefined && { params: { total } }) };
}

/** The `total` of a page the platform gave, if the answer is one. */
function totalOf(answer: unknown): number | undefined {
  const total = (answer as { total?: unknown } | null | undefined)?.total;
  return typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : undefined;
}

/** "the platform has 8": the page total, never the one record asked for. */
function hasWords(owner: string, total: number | undefined, one: string, many: string): string {
  if (total === undefined) return '';
  if (total === 0) return `; ${owner} has none`;
  return `; ${owner} has ${total} ${total === 1 ? one : many}`;
}

/**
 * The cheapest call each credential type is allowed to make (spec part 5):
 * User lists one product, Product lists one device of its product, Device starts its own stream.
 * Project credentials can list devices only with a product key they are not given, so they ask
 * for the devices of a made-up product: a 401 means the credentials were refused, an answer
 * about the product (404/403/400, or an empty page) means they were accepted.
 */
function probeFor(credentials: Credentials): Probe {
  switch (credentials.type) {
    case 'user':
      return {
        operation: 'listProducts',
        call: (c) => c.listProducts({ pageSize: 1 }),
        noteCode: 'products',
        note: (answer) =>
          `asked for one product${hasWords('the platform', totalOf(answer), 'product', 'products')}`,
      };
    case 'product':
      return {
        operation: 'listDevices',
        call: (c) => c.listDevices(credentials.productKey, { pageSize: 1 }),
        noteCode: 'devices',
        note: (answer) =>
          `asked for one device of the product${hasWords('the product', totalOf(answer), 'device', 'devices')}`,
      };
    case 'device':
      return {
        operation: 'streamStart',
        call: (c) => c.startStream(credentials.deviceKey),
        noteCode: 'stream',
        note: () => 'started the stream of the device',
      };
    case 'project':
      return {
        operation: 'listDevices',
        call: (c) => c.listDevices(PROBE_PRODUCT_KEY, { pageSize: 1 }),
        noteCode: 'projectProbe',
        // Only an answer from the server counts: a check that failed before sending proves nothing.
        acceptedDespite: (e) =>
          e.status !== undefined &&
          (e.kind === 'not-found' || e.kind === 'forbidden' || e.kind === 'invalid-request'),
        note: () =>
          'asked for the devices of a made-up product, and the answer was about the product, so the ' +
          'credentials are good; listing real devices needs the key of a product of the project',
      };
  }
}

interface Attempt {
  placement: Placement;
  checked: OperationCheck['checked'];
  ok: boolean;
  error?: AppError;
  message: string;
  /** What the probe did, worded from its answer. */
  note: string;
  noteWords: TestWords;
}

const PLACEMENT_WORDS: Record<Placement, string> = { headers: 'HTTP headers', query: 'the query string' };

/** One probe call with the credentials in one place. */
async function attempt(client: PlatformClient, probe: Probe, placement: Placement): Promise<Attempt> {
  const where = PLACEMENT_WORDS[placement];
  try {
    const answer = await probe.call(client);
    const note = probe.note(answer);
    return {
      placement,
      checked: 'ok',
      ok: true,
      message: `Connected: the platform accepted these credentials in ${where} (${note}).`,
      note,
      noteWords: noteWords(probe, answer),
    };
  } catch (e) {
    const error = toPlatformError(e).toData();
    const note = probe.note();
    if (probe.acceptedDespite?.(error))
      return {
        placement,
        checked: error,
        ok: true,
        // What it answered is on the operation's row; the headline says what it means.
        message: `Connected: the platform accepted these credentials in ${where} (${note}).`,
        note,
        noteWords: noteWords(probe),
      };
    return {
      placement,
      checked: error,
      ok: false,
      error,
      message: UNDECIDED.has(error.kind)
        ? `Could not tell whether the credentials work: ${error.message}`
        : `The platform refused: ${error.message}`,
      note,
      noteWords: noteWords(probe),
    };
  }
}

/**
 * Try a profile's credentials with one cheap allowed call and report every operation of the matrix.
 *
 * The spec does not say where credentials go, so the test sends them in HTTP headers first and in
 * the query second, and reports the placement the platform accepted. Both go to the connection's
 * own origin only. When the platform cannot be asked at all (network, timeout), the second try
 * would say nothing new and is skipped.
 */
export async function testConnection(
  connection: Connection,
  build: (connection: Connection) => PlatformClient,
): Promise<ProfileTestResult> {
  const { credentials } = connection;
  const type = credentials.type;
  const probe = probeFor(credentials);
  const attempts: Attempt[] = [];
  for (const placement of ['headers', 'query'] as const) {
    const tried = await attempt(build({ ...connection, placement }), probe, placement);
    attempts.push(tried);
    if (tried.ok || (tried.error && UNDECIDED.has(tried.error.kind))) break;
  }
  const last = attempts[attempts.length - 1];
  const refusedTwice = !last.ok && attempts.length === 2 && attempts.every((a) => !a.ok);
  const message = refusedTwice
    ? `The platform refused these credentials both in HTTP headers and in the query string: ${last.error?.message ?? ''}`.trim()
    : last.message;
  const operations = Object.fromEntries(
    OperationSchema.options.map((op): [Operation, OperationCheck] => {
      if (!canPerform(type, op))
        return [
          op,
          {
            allowed: false,
            note: refusalMessage(type, op),
            noteWords: {
              code: 'platform.notAllowed',
              params: { type, operation: op, allowed: OPERATION_MATRIX[op].join(',') },
            },
          },
        ];
      if (op === probe.operation)
        return [op, { allowed: true, checked: last.checked, note: last.note, noteWords: last.noteWords }];
      return [
        op,
        {
          allowed: true,
          note: 'allowed for this credential type; not called by the test',
          noteWords: { code: 'notCalled' },
        },
      ];
    }),
  ) as Record<Operation, OperationCheck>;
  const warning = plainHttpWarning(connection.baseUrl);
  const outcome = last.ok
    ? 'connected'
    : refusedTwice
      ? 'refusedTwice'
      : last.error && UNDECIDED.has(last.error.kind)
        ? 'undecided'
        : 'refused';
  return {
    ok: last.ok,
    credentialType: type,
    message,
    operations,
    ...(last.ok && { placement: last.placement }),
    ...(warning && { warnings: [warning], plainHttpHost: new URL(connection.baseUrl.trim()).host }),
    words: {
      code: outcome,
      params: {
        placement: last.placement,
        note: last.noteWords.code,
        ...last.noteWords.params,
      },
    },
    ...(!last.ok && last.error && { error: last.error }),
  };
}

/** The cheapest call the credentials may make, for a probe that only wants to know the platform answers. */
export function probeCall(client: PlatformClient, credentials: Credentials): Promise<unknown> {
  return probeFor(credentials).call(client);
}
