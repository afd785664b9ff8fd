import { quantile, round } from './stats';

/**
 * The control-room benchmark's arithmetic: which picture answers which send, and the summaries.
 * Times are epoch milliseconds with fractions (Node's and the page's `performance.timeOrigin + now`,
 * one clock on one machine).
 */

/** A tile's <video> presenting its first picture while its tile holds `key` (see room-picture-probe). */
export interface PictureEvent {
  key: string;
  at: number;
}

/** One send of the picture part, as measured. */
export interface PictureSend {
  rev: number;
  /** The view's devices (none of them in the view before). */
  keys: string[];
  /** Just before the console's `room:send` call. */
  sentAt: number;
  /** Its answer came back (the broker acknowledged the retained QoS 1 publish). */
  answeredAt: number | null;
  /** A plain subscriber got the desired message from the broker (the bus's part). */
  deliveredAt: number | null;
  /** The screen core's `room:changed` naming this revision as the screen's desired one. */
  announcedAt: number | null;
  /** The screen's `reported` with this revision, as a plain subscriber got it from the broker. */
  reportedAt: number | null;
  /** The first picture of each device after sentAt (absent: none came). */
  pictures: Record<string, number>;
}

/** The earliest picture of each of `keys` at or after `since`; keys with none are left out. */
export function firstPicturesAfter(
  events: readonly PictureEvent[],
  keys: readonly string[],
  since: number,
): Record<string, number> {
  const wanted = new Set(keys);
  const found: Record<string, number> = {};
  for (const e of events) {
    if (!wanted.has(e.key) || e.at < since) continue;
    if (found[e.key] === undefined || e.at < found[e.key]) found[e.key] = e.at;
  }
  return found;
}

/** Milliseconds from the send to each step; null where the step never came. */
export interface SendSplit {
  answered: number | null;
  delivered: number | null;
  announced: number | null;
  /** The first picture of any new device. */
  firstPicture: number | null;
  /** The last of the new devices' first pictures (null unless every one came). */
  allPictures: number | null;
  /** The screen page's part: from the announcement to the first picture. */
  announcedToPicture: number | null;
  reported: number | null;
}

export function splitOf(send: PictureSend): SendSplit {
  const since = (at: number | null) => (at === null ? null : at - send.sentAt);
  const shown = send.keys.map((k) => send.pictures[k]).filter((at): at is number => at !== undefined);
  const first = shown.length > 0 ? Math.min(...shown) : null;
  const all = shown.length === send.keys.length && shown.length > 0 ? Math.max(...shown) : null;
  return {
    answered: since(send.answeredAt),
    delivered: since(send.deliveredAt),
    announced: since(send.announcedAt),
    firstPicture: since(first),
    allPictures: since(all),
    announcedToPicture: first !== null && send.announcedAt !== null ? first - send.announcedAt : null,
    reported: since(send.reportedAt),
  };
}

export interface Summary {
  /** How many sends had this step. */
  count: number;
  /** How many sends never got it. */
  missing: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
}

/** p50 / p95 / max (ms, one decimal) of the values that came; `missing` counts the nulls. */
export function summarize(values: readonly (number | null)[]): Summary {
  const came = values.filter((v): v is number => v !== null);
  return {
    count: came.length,
    missing: values.length - came.length,
    p50: round(quantile(came, 0.5), 1),
    p95: round(quantile(came, 0.95), 1),
    max: came.length > 0 ? round(Math.max(...came), 1) : null,
  };
}

/** Each step of the splits summarized. */
export function summarizeSplits(splits: readonly SendSplit[]): Record<keyof SendSplit, Summary> {
  const steps: (keyof SendSplit)[] = [
    'answered',
    'delivered',
    'announced',
    'firstPicture',
    'allPictures',
    'announcedToPicture',
    'reported',
  ];
  return Object.fromEntries(steps.map((s) => [s, summarize(splits.map((x) => x[s]))])) as Record<
    keyof SendSplit,
    Summary
  >;
}

/** A process's CPU over a window, in % of one core, from its utime + stime ticks before and after. */
export function cpuPercent(
  ticksBefore: number,
  ticksAfter: number,
  ticksPerSecond: number,
  ms: number,
): number {
  if (ms <= 0) return 0;
  return round(((ticksAfter - ticksBefore) / ticksPerSecond / (ms / 1000)) * 100, 2) ?? 0;
}
