/**
 * Offer bytes as a file download through a blob: URL and an <a download>: the same in both shells
 * (Electron hands it to its download handling, the browser to its own).
 *
 * The CSP does not govern downloads (no navigation to the blob happens). The download has its bytes
 * once click() returns; the URL is let go a little later all the same.
 */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Text as a JSON file download. */
export const downloadJsonText = (fileName: string, text: string): void =>
  downloadBlob(fileName, new Blob([text], { type: 'application/json' }));
