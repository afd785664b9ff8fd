import { z } from 'zod';
import { pageSchema, type Page } from '../shared/domain';
import { parseAnswer, type AnswerKind } from './platform-response';

/** A record as listed: the record, and the fields that did not have the expected type, as they came. */
type Listed<T> = T & { odd?: Record<string, unknown> };

export interface ListedPage<T> extends Page<Listed<T>> {
  /** How many records had fields of an unexpected type (shown raw and marked). */
  oddRecords?: number;
  /** How many records could not be listed at all (no key to tell them by). */
  unreadableRecords?: number;
}

const EnvelopeSchema = pageSchema(z.unknown());

/**
 * A page read record by record: one record with an odd field never fails its page.
 *
 * The envelope (page, pageSize, total) must be right: it is the truth the pager works from. Each
 * record is checked on its own; one that fails keeps every field that does pass, takes a neutral
 * value for each that does not (the odd value itself is kept in `odd`, to show raw and marked), and
 * is listed. Only a record without its key (`required`) cannot be listed, and is counted.
 */
export function readPage<S extends z.ZodObject>(
  schema: S,
  raw: unknown,
  what: AnswerKind,
  options: { required: readonly string[]; neutral: Record<string, unknown> },
): ListedPage<z.output<S>> {
  const envelope = parseAnswer(EnvelopeSchema, raw, what);
  const data: Listed<z.output<S>>[] = [];
  let oddRecords = 0;
  let unreadableRecords = 0;
  for (const record of envelope.data) {
    const parsed = schema.safeParse(record);
    if (parsed.success) {
      data.push(parsed.data);
      continue;
    }
    const salvaged = salvage(schema, record, options);
    if (!salvaged) {
      unreadableRecords += 1;
      continue;
    }
    oddRecords += 1;
    data.push(salvaged);
  }
  return {
    data,
    page: envelope.page,
    pageSize: envelope.pageSize,
    total: envelope.total,
    ...(oddRecords > 0 && { oddRecords }),
    ...(unreadableRecords > 0 && { unreadableRecords }),
  };
}

function salvage<S extends z.ZodObject>(
  schema: S,
  record: unknown,
  options: { required: readonly string[]; neutral: Record<string, unknown> },
): Listed<z.output<S>> | undefined {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return undefined;
  const raw = record as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  const odd: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const r = field.safeParse(raw[key]);
    if (r.success) value[key] = r.data;
    else {
      odd[key] = raw[key] === undefined ? '(missing)' : raw[key];
      value[key] = neutralFor(options.neutral[key], raw[key]);
    }
  }
  if (options.required.some((k) => k in odd)) return undefined;
  const checked = schema.safeParse(value);
  // The neutral values themselves must pass, or the record cannot be listed safely.
  if (!checked.success) return undefined;
  return { ...(checked.data as z.output<S>), odd };
}

/** A numeric string (a timestamp sent as text) keeps its number; anything else takes the neutral value. */
function neutralFor(neutral: unknown, given: unknown): unknown {
  if (typeof neutral === 'number' && typeof given === 'string' && /^-?\d+$/.test(given.trim()))
    return Number(given);
  return neutral;
}
