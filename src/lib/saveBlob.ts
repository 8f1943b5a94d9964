/** How long a download's object URL lives after the click (ms): the browser reads the blob later. */
const REVOKE_AFTER_MS = 10_000;

/** Saves `blob` as a download named `fileName` through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
