import { z } from 'zod';
import { issueProblems, type CodedFieldProblem } from '../shared/domain';
import {
  channels,
  type AppError,
  type Channel,
  type ChannelOutput,
  type ChannelParsedInput,
  type Result,
} from '../shared/contract';
import { CoreError, redactParams, redactProblem, summarizeProblems } from './core-error';
import type { Logger } from './logger';
import { PlatformError } from './platform-error';
import { redactor } from './redact';

/** One async handler per channel, taking its validated input. */
export type CoreHandlers = {
  [C in Channel]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>>;
};

/** Bad input, as the error half of a Result: the problems summed up in English, and coded. */
function invalidInput(details: CodedFieldProblem[]): { ok: false; error: AppError } {
  const safe = details.map(redactProblem);
  return {
    ok: false,
    error: {
      kind: 'invalid-input',
      message: redactor.redact(`Invalid input: ${summarizeProblems(details)}`),
      details: safe,
      code: 'input.invalid',
      params: { count: safe.length },
    },
  };
}

/**
 * Anything thrown by a handler, as the error half of a Result.
 *
 * Typed errors keep their kind; a zod error is bad input; anything else is a bug ('internal'),
 * whose message still passes the redactor.
 */
export function toResult(e: unknown): { ok: false; error: AppError } {
  if (e instanceof CoreError) return { ok: false, error: e.toData() };
  if (e instanceof PlatformError) return { ok: false, error: platformErrorData(e) };
  if (e instanceof z.ZodError) return invalidInput(issueProblems(e.issues));
  const message = e instanceof Error ? e.message : String(e);
  const said = redactor.redact(message);
  return {
    ok: false,
    error: {
      kind: 'internal',
      message: `Unexpected failure: ${said}`,
      code: 'internal.unexpected',
      params: { technical: said },
    },
  };
}

/**
 * A platform failure as data, coded where it was thrown (a network failure, a wrapper's refusal, the
 * platform's own words, a status with no words: platform-response.ts). One built without a code after
 * the platform answered (a status) holds the platform's words, kept as `platformMessage` for the
 * renderer to show as sent, marked as the platform's. The message passed the redactor when the error
 * was built; its parameters pass it again.
 */
function platformErrorData(e: PlatformError): AppError {
  const data = e.toData();
  if (data.code !== undefined) return data;
  if (data.status === undefined || data.status < 400) return data;
  return {
    ...data,
    code: 'platform.answered',
    params: redactParams({ status: data.status, platformMessage: data.message }),
  };
}

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

/**
 * Run one call exactly as both shells must: validate the input with the contract, call the
 * handler, parse the output on its way out (which also strips undeclared fields), and turn every
 * failure into a typed Result. Never throws.
 */
export async function runHandler<C extends Channel>(
  handlers: CoreHandlers,
  channel: C,
  rawInput: unknown,
  logger?: Logger,
): Promise<Result<ChannelOutput<C>>> {
  if (!isChannel(channel)) {
    return {
      ok: false,
      error: {
        kind: 'invalid-input',
        message: redactor.redact(`Unknown channel "${String(channel)}".`),
        code: 'input.unknownChannel',
        params: redactParams({ channel: String(channel) }),
      },
    };
  }
  const schema = channels[channel];
  try {
    const input = validateInput(channel, rawInput, logger);
    if (!input.ok) return input;
    const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
    const value = await handler(input.value);
    const output = schema.output.safeParse(value);
    if (!output.success) {
      logger?.error(`${channel} answered a value that does not match its contract`, {
        problems: issueProblems(output.error.issues),
      });
      return {
        ok: false,
        error: {
          kind: 'internal',
          message: `The app produced an invalid answer for ${channel}.`,
          code: 'internal.invalidAnswer',
          params: { channel },
        },
      };
    }
    return { ok: true, value: output.data as ChannelOutput<C> };
  } catch (e) {
    const result = toResult(e);
    if (result.error.kind === 'internal') logger?.error(`${channel} failed`, { error: result.error.message });
    return result;
  }
}

/**
 * A channel's input checked against the contract. Whatever the input makes the check do, the
 * answer is a Result: a check that throws on it (a bug in a refinement) still refuses the input
 * as invalid, and is logged, rather than failing the call.
 */
function validateInput(
  channel: Channel,
  rawInput: unknown,
  logger?: Logger,
): { ok: true; value: unknown } | { ok: false; error: AppError } {
  let parsed: ReturnType<(typeof channels)[Channel]['input']['safeParse']>;
  try {
    parsed = channels[channel].input.safeParse(rawInput);
  } catch (e) {
    logger?.error(`${channel}: checking the input failed`, { error: (e as Error)?.message ?? String(e) });
    return {
      ok: false,
      error: {
        kind: 'invalid-input',
        message: 'Invalid input: it could not be checked.',
        code: 'input.unchecked',
      },
    };
  }
  if (parsed.success) return { ok: true, value: parsed.data };
  return invalidInput(issueProblems(parsed.error.issues));
}
