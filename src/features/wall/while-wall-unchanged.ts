import type { NoticeCondition } from '../../session/notices-store';
import { useWallStore } from './wall-store';

/**
 * A notice about the wall's room ("the wall is full… Make it 3 × 2") holds only while the wall keeps the
 * view and grid it was raised for: once the operator changes either, the notice goes, and its button
 * can no longer do something other than it said.
 */
export function whileWallUnchanged(): NoticeCondition {
  const was = useWallStore.getState().layout;
  return {
    holds: () => {
      const now = useWallStore.getState().layout;
      return (
        now?.id === was?.id &&
        now?.grid.columns === was?.grid.columns &&
        now?.grid.rows === was?.grid.rows
      );
    },
    subscribe: (listener) => useWallStore.subscribe(listener),
  };
}
