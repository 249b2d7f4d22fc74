import { HttpError } from 'ra-core';
import type { UploadProgress } from '../src/backend/verbs';
import { readCookie } from '../src/utils/cookies';

export interface UploadRequest {
  method: 'POST' | 'PUT';
  url: string;
  /** A multipart form, or the raw bytes of a file. */
  body: FormData | Blob;
  headers?: Record<string, string>;
  onProgress?: UploadProgress;
}

/** Whole percent of bytes sent, 0 … 100 (spec 2 §4: rounded to a whole percent). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * Sends a file with XMLHttpRequest, the one browser API that reports upload
 * progress: -1 before the first byte, then whole percents up to 100 (spec 2
 * §4). Same-origin, with the CSRF header (api-contract §1.2 Rec: CSRF on
 * every state-changing call, multipart included). Resolves with the JSON
 * answer (undefined for a 204); rejects with an `HttpError` carrying the
 * server's message.
 *
 * @example
 * await sendWithProgress({ method: 'PUT', url: image.upload_url, body: file, onProgress: (p) => console.log(p) });
 */
export function sendWithProgress<T>({ method, url, body, headers = {}, onProgress }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = readCookie('csrftoken');
    if (csrf) xhr.setRequestHeader('X-CSRFToken', csrf);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    onProgress?.(-1);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(uploadPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      const payload = parse(xhr.responseText, xhr.getResponseHeader('content-type'));
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(payload as T);
        return;
      }
      const message = typeof payload === 'string' && payload ? payload : `${xhr.status} ${xhr.statusText}`.trim();
      reject(new HttpError(message, xhr.status, payload));
    };
    xhr.onerror = () => reject(new HttpError('The server could not be reached.', 0));
    xhr.onabort = () => reject(new HttpError('The upload was cancelled.', 0));
    xhr.send(body);
  });
}

function parse(text: string, type: string | null): unknown {
  if (!text) return undefined;
  if (!(type ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
