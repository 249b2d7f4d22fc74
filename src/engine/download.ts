/**
 * Saves text as a file through a Blob and a temporary `<a download>`, the way
 * the private key of a new key pair is handed over (spec 2 §4).
 *
 * @example
 * downloadFile('k1.pem', privateKey, 'application/x-pem-file');
 */
export function downloadFile(fileName: string, content: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // Revoking at once can cancel the download in some browsers; a tick later is enough.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
