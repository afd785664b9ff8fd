/**
 * The shell's own small pages (no script, no style sheet: nothing the CSP would have to allow).
 */
export function messagePage(title: string, text: string): string {
  const escape = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
    `<body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`
  );
}
