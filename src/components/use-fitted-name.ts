import { useLayoutEffect, useRef } from 'react';
import { watchMiddleEllipsis } from './middle-ellipsis-fit';

/**
 * The ref for a name shortened in the middle (head, then tail, inside it): while shown, its head is
 * sized to what it draws so the tail follows the ellipsis with no blank (middle-ellipsis-fit.ts).
 */
export function useFittedName<T extends HTMLElement>(head: string, tail: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const name = ref.current;
    return name && tail ? watchMiddleEllipsis(name) : undefined;
  }, [head, tail]);
  return ref;
}
