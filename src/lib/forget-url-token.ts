/**
 * Take the browser shell's one-time `?token=` out of the address bar (and so out of history,
 * bookmarks and screenshots). The server has already traded it for an HttpOnly cookie; the page
 * never needs it again. Other query parameters and the hash are kept.
 */
export function forgetUrlToken(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): boolean {
  const url = new URL(location.href);
  if (!url.searchParams.has('token')) return false;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}
