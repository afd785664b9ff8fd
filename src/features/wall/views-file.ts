/**
 * A views document out as a file download and in from a file input: the same in both shells (a
 * blob: URL and an <a download>; File.text()). The CSP does not govern downloads.
 */
export function downloadText(fileName: string, text: string): void {
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

/** What views:import takes at most (the core refuses more); checked before reading a file. */
export const MAX_VIEWS_FILE_BYTES = 2_000_000;
