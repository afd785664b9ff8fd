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
