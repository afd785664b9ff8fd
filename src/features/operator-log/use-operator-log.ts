import { useCallback, useEffect, useRef, useState } from 'react';
import {
  OPLOG_LIMITS,
  type AppError,
  type OperatorLogEntry,
  type OperatorLogFilter,
  type OperatorLogPage,
} from '../../../electron/shared/contract';
import { api } from '../../lib/bridge';

/** Entries fetched at a time. */
const PAGE_SIZE = 100;
/** After an `oplog:appended`, the new entries are read this much later (events come in bursts). */
const REFRESH_MS = 300;

export interface OperatorLogView {
  entries: OperatorLogEntry[];
  /** Entries matching the filter in the whole log. */
  total: number;
  more: boolean;
  capacity: number;
  loading: boolean;
  error: AppError | null;
  /** Fetch the next (older) page. */
  loadOlder(): void;
}

/**
 * The shown entries (newest first) with the newer ones of `fresh` put before them. `fresh` is the
 * newest `asked` entries matching the filter. Null when it may not reach back to the shown ones: every
 * entry of it is new and older ones match, so more new ones could lie between; then read the list again.
 */
export function withNewer(
  shown: OperatorLogEntry[],
  fresh: OperatorLogPage,
  asked: number,
): OperatorLogEntry[] | null {
  const newest = shown[0]?.id ?? 0;
  const newer = fresh.entries.filter((e) => e.id > newest);
  if (newer.length >= asked && fresh.more) return null;
  return newer.length > 0 ? [...newer, ...shown] : shown;
}

/**
 * The operator log as the panel shows it: the newest entries matching the filter, older ones a page
 * at a time, and new ones as they arrive (from any window: the core announces each append). New ones
 * are read alone and put on top, so the older pages the operator opened stay.
 */
export function useOperatorLog(filter: OperatorLogFilter): OperatorLogView {
  const [state, setState] = useState<Omit<OperatorLogView, 'loadOlder'>>({
    entries: [],
    total: 0,
    more: false,
    capacity: 0,
    loading: true,
    error: null,
  });
  const key = JSON.stringify(filter);
  // What is shown, for the answers that arrive later.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  // The filter whose entries are shown: until the answer for a new one comes, the list is loading.
  const [shownKey, setShownKey] = useState<string | null>(null);
  // The list read whole (a new filter): answers to anything asked before it are dropped.
  const generation = useRef(0);

  const fetchFirst = useCallback(
    async (count: number) => {
      const ticket = ++generation.current;
      const result = await api.oplog.list({ ...(JSON.parse(key) as OperatorLogFilter), limit: count });
      if (ticket !== generation.current) return;
      setShownKey(key);
      setState((s) =>
        result.ok
          ? { ...result.value, loading: false, error: null }
          : { ...s, loading: false, error: result.error },
      );
    },
    [key],
  );

  useEffect(() => {
    void fetchFirst(PAGE_SIZE);
  }, [fetchFirst]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let appended = 0;
    /** Read the entries appended since the last look and put them on top. */
    const fetchNewer = async () => {
      // One more than were appended, to reach back to a shown entry (the proof that none is missed).
      const asked = Math.min(OPLOG_LIMITS.page, appended + 1);
      appended = 0;
      const ticket = generation.current;
      const result = await api.oplog.list({ ...(JSON.parse(key) as OperatorLogFilter), limit: asked });
      if (ticket !== generation.current) return;
      if (!result.ok) {
        setState((s) => ({ ...s, error: result.error }));
        return;
      }
      const shown = latest.current;
      if (shown.error || !withNewer(shown.entries, result.value, asked)) {
        // Read again whole, as many rows as are shown (within the core's page bound).
        void fetchFirst(Math.min(OPLOG_LIMITS.page, Math.max(PAGE_SIZE, shown.entries.length)));
        return;
      }
      const { total, capacity } = result.value;
      setState((s) => {
        const entries = withNewer(s.entries, result.value, asked) ?? s.entries;
        return entries === s.entries && total === s.total ? s : { ...s, entries, total, capacity };
      });
    };
    const off = api.on('oplog:appended', ({ count }) => {
      appended += count;
      timer ??= setTimeout(() => {
        timer = null;
        void fetchNewer();
      }, REFRESH_MS);
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [key, fetchFirst]);

  const loadOlder = useCallback(() => {
    const last = state.entries.at(-1);
    if (!last) return;
    const ticket = generation.current;
    setState((s) => ({ ...s, loading: true }));
    void api.oplog
      .list({ ...(JSON.parse(key) as OperatorLogFilter), beforeId: last.id, limit: PAGE_SIZE })
      .then((result) => {
        if (ticket !== generation.current) return;
        setState((s) =>
          result.ok
            ? {
                ...s,
                entries: [...s.entries, ...result.value.entries],
                more: result.value.more,
                total: result.value.total,
                loading: false,
                error: null,
              }
            : { ...s, loading: false, error: result.error },
        );
      });
  }, [key, state.entries]);

  return { ...state, loading: state.loading || shownKey !== key, loadOlder };
}
