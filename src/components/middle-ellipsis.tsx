import { memo } from 'react';
import { splitForElision } from '../lib/elide-middle';
import { useFittedName } from './use-fitted-name';

/**
 * A name that, when its box is too narrow, is shortened in the middle: "Perimeter Cam…NVR 12".
 *
 * The head shrinks behind a CSS ellipsis while the tail (the last word or two, where names of one
 * site differ) shows, at any width and without measuring; in a box too narrow even for the tail,
 * the tail loses its start, never its end ("…NVR 12"). The head's box is sized to what it draws
 * (middle-ellipsis-fit.ts), so the tail follows the ellipsis with no blank between, however wide
 * its characters. The full name is the tooltip, and
 * the text content stays the whole name (for find-in-page, tests and screen readers).
 */
export const MiddleEllipsis = memo(function MiddleEllipsis({
  text,
  className,
}: {
  text: string;
  className?: string;
}) {
  const { head, tail } = splitForElision(text);
  const ref = useFittedName<HTMLSpanElement>(head, tail);
  return (
    // dir="auto": a name reads in its own direction, head before tail, whatever the page's direction.
    <span
      ref={ref}
      className={`mid-ellipsis ${className ?? ''}`}
      title={text}
      dir="auto"
      data-testid="mid-ellipsis"
    >
      <span className="mid-ellipsis-head">{head}</span>
      {tail && (
        <span className="mid-ellipsis-tail">
          <span className="mid-ellipsis-tail-text">{tail}</span>
        </span>
      )}
    </span>
  );
});
