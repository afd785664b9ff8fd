/**
 * Resolve a URL against the page.
 *
 * mpegts.js in worker mode loads from a blob: worker, where a relative URL means nothing; hls.js and
 * the native element resolve against the page themselves, but one rule for all keeps logs and the
 * connection budget (keyed by origin) consistent.
 */
export function absoluteUrl(url: string, base?: string): string {
  const against = base ?? (typeof location === 'undefined' ? undefined : location.href);
  return new URL(url, against).href;
}
