/** The browser pieces `observeVisibility` uses; injectable for tests. */
export interface VisibilityEnvironment {
  IntersectionObserver?: typeof IntersectionObserver;
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/**
 * Tell whether an element can be seen: it intersects the viewport (or `root`) and the page itself is
 * visible (not a minimised window or a background tab). Calls `onChange` with the first answer and
 * then on every change. Returns a function that stops observing.
 */
export function observeVisibility(
  element: Element,
  onChange: (visible: boolean) => void,
  options: { threshold?: number; root?: Element | null; env?: VisibilityEnvironment } = {},
): () => void {
  const env = options.env ?? {
    IntersectionObserver: globalThis.IntersectionObserver,
    document: globalThis.document,
  };
  const doc = env.document;
  // Without IntersectionObserver an element counts as on screen; the page visibility still applies.
  let intersecting = env.IntersectionObserver ? null : true;
  let last: boolean | null = null;

  const report = () => {
    if (intersecting === null) return; // wait for the observer's first answer
    const visible = intersecting && (doc ? doc.visibilityState !== 'hidden' : true);
    if (visible === last) return;
    last = visible;
    onChange(visible);
  };

  let observer: IntersectionObserver | null = null;
  if (env.IntersectionObserver) {
    observer = new env.IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        intersecting = entry.isIntersecting && entry.intersectionRatio >= (options.threshold ?? 0);
        report();
      },
      { root: options.root ?? null, threshold: options.threshold ?? 0 },
    );
    observer.observe(element);
  }
  const onVisibilityChange = () => report();
  doc?.addEventListener('visibilitychange', onVisibilityChange);
  report();

  return () => {
    observer?.disconnect();
    doc?.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
