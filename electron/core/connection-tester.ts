import {
  canPerform,
  OperationSchema,
  refusalMessage,
  type Credentials,
  type Operation,
} from '../shared/domain';
import type { AppError } from '../shared/contract';
import type { OperationCheck, ProfileTestResult } from '../shared/profile';
import type { PlatformClient } from './platform-client';
import { toPlatformError } from './platform-error';

/** A product key no platform should hold: asking for its devices proves only that we got in. */
export const PROBE_PRODUCT_KEY = 'connection-test-probe';

/** Errors that say nothing about the credentials: the platform could not be asked. */
const UNDECIDED = new Set(['network', 'timeout', 'server', 'bad-response', 'cancelled']);

interface Probe {
  operation: Operation;
  call: (client: PlatformClient) => Promise<unknown>;
  /** How to read an error: for the probe call, a refusal of the unknown product still means "signed in". */
  acceptedDespite?: (e: AppError) => boolean;
  note: string;
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
        note: 'listed one product',
      };
    case 'product':
      return {
        operation: 'listDevices',
        call: (c) => c.listDevices(credentials.productKey, { pageSize: 1 }),
        note: 'listed one device of the product',
      };
    case 'device':
      return {
        operation: 'streamStart',
        call: (c) => c.startStream(credentials.deviceKey),
        note: 'started the stream of the device',
      };
    case 'project':
      return {
        operation: 'listDevices',
        call: (c) => c.listDevices(PROBE_PRODUCT_KEY, { pageSize: 1 }),
        // Only an answer from the server counts: a check that failed before sending proves nothing.
        acceptedDespite: (e) =>
          e.status !== undefined &&
          (e.kind === 'not-found' || e.kind === 'forbidden' || e.kind === 'invalid-request'),
        note:
          'asked for the devices of a made-up product: listing real devices needs the key of a product ' +
          'of the project',
      };
  }
}

/** Try a profile's credentials with one cheap allowed call and report every operation of the matrix. */
export async function testConnection(
  client: PlatformClient,
  credentials: Credentials,
): Promise<ProfileTestResult> {
  const type = credentials.type;
  const probe = probeFor(credentials);
  let checked: OperationCheck['checked'];
  let ok: boolean;
  let message: string;
  try {
    await probe.call(client);
    checked = 'ok';
    ok = true;
    message = `Connected: the platform accepted these credentials (${probe.note}).`;
  } catch (e) {
    const error = toPlatformError(e).toData();
    checked = error;
    if (probe.acceptedDespite?.(error)) {
      ok = true;
      message = `Connected: the platform accepted these credentials (${probe.note}; it answered "${error.message}").`;
    } else {
      ok = false;
      message = UNDECIDED.has(error.kind)
        ? `Could not tell whether the credentials work: ${error.message}`
        : `The platform refused: ${error.message}`;
    }
  }
  const operations = Object.fromEntries(
    OperationSchema.options.map((op): [Operation, OperationCheck] => {
      if (!canPerform(type, op)) return [op, { allowed: false, note: refusalMessage(type, op) }];
      if (op === probe.operation) return [op, { allowed: true, checked, note: probe.note }];
      return [op, { allowed: true, note: 'allowed for this credential type; not called by the test' }];
    }),
  ) as Record<Operation, OperationCheck>;
  return { ok, credentialType: type, message, operations };
}
