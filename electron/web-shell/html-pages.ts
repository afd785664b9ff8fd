/** The same words in another language, shown under the English ones (the page has no catalog). */
export interface AlsoIn {
  lang: string;
  title: string;
  text: string;
}

/**
 * The shell's own small pages (no script, no style sheet: nothing the CSP would have to allow).
 * Served before the app (and its catalogs) loads, so a page an operator may meet says it in each
 * language the app speaks (`also`), each marked with its `lang`.
 */
export function messagePage(title: string, text: string, also: readonly AlsoIn[] = []): string {
  const escape = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
    `<body><h1>${escape(title)}</h1><p>${escape(text)}</p>` +
    also
      .map(
        (a) =>
          `<section lang="${escape(a.lang)}"><h1>${escape(a.title)}</h1><p>${escape(a.text)}</p></section>`,
      )
      .join('') +
    '</body></html>'
  );
}
