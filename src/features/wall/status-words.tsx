/**
 * An item's words in the wall's status bar, with the shorter form the bar shows when the long one
 * does not fit (see status-bar-fit.ts).
 *
 * The short form is drawn from an attribute (CSS `content: attr(data-text)`), so the element's text
 * stays the long form whatever is shown: for find-in-page, screen readers and tests. The item's
 * tooltip should hold the long form too, for an operator who sees only the short one.
 */
export function StatusWords({ text, short }: { text: string; short?: string | null }) {
  return (
    <>
      <span className="wall-status-words">{text}</span>
      {short && short !== text && <span className="wall-status-short" data-text={short} />}
    </>
  );
}
