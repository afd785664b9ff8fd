/**
 * Offer text as a file download through a blob: URL and an <a download>.
 *
 * The CSP does not govern downloads (no navigation to the blob happens); the URL is revoked once the
 * browser has taken it.
 */
export function downloadJson(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Cold store / Zone 1" → "cold-store-zone-1.json"; something usable when the name is empty. */
export function exportFileName(templateName: string): string {
  const slug = templateName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'archive-template'}.json`;
}
