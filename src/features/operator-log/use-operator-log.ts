import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError, OperatorLogEntry, OperatorLogFilter } from '../../../electron/shared/contract';
import { api } from '../../lib/bridge';

/** Entries fetched at a time. */
export const PAGE_SIZE = 100;
/** After an `oplog:appended`, the list is read again this much later (events come in bursts). */
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
 * The operator log as the panel shows it: the newest entries matching the filter, older ones a page
 * at a time, and new ones as they arrive (from any window: the core announces each append).
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
  const shown = useRef(0);
  useEffect(() => {
    shown.current = state.entries.length;
  }, [state.entries.length]);
  // The filter whose entries are shown: until the answer for a new one comes, the list is loading.
  const [shownKey, setShownKey] = useState<string | null>(null);
  // Answers to an older request (an earlier filter) are dropped.
  const request = useRef(0);

  const fetchFirst = useCallback(
    async (count: number) => {
      const ticket = ++request.current;
      const result = await api.oplog.list({ ...(JSON.parse(key) as OperatorLogFilter), limit: count });
      if (ticket !== request.current) return;
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
    const off = api.on('oplog:appended', () => {
      timer ??= setTimeout(() => {
        timer = null;
        // Keep as many rows as are shown (within one page of the core's bound).
        void fetchFirst(Math.min(500, Math.max(PAGE_SIZE, shown.current)));
      }, REFRESH_MS);
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [fetchFirst]);

  const loadOlder = useCallback(() => {
    const last = state.entries.at(-1);
    if (!last) return;
    const ticket = ++request.current;
    setState((s) => ({ ...s, loading: true }));
    void api.oplog
      .list({ ...(JSON.parse(key) as OperatorLogFilter), beforeId: last.id, limit: PAGE_SIZE })
      .then((result) => {
        if (ticket !== request.current) return;
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
