/** Hands the browser a file to save, as a download link clicked would. */
export function downloadFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: a download still starting keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A value as a pretty-printed JSON file. */
export const downloadJson = (data: unknown, fileName: string): void =>
  downloadFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
