/**
 * Saving a file the page holds in memory (a generated CSV, an export fetched with the session): the blob gets an
 * object URL and a temporary link with the `download` attribute is clicked, which makes the browser save it under
 * `fileName` instead of navigating (HTML Living Standard, "Downloading resources").
 */

/** Saves `blob` as `fileName` (e.g. `article-links.csv`). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click's navigation has taken the blob.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
