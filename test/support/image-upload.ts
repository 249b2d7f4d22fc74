import type { ApiClient } from './api-client.js';

/**
 * The browser's legacy image upload: a multipart form with `$$originalJSON`
 * and the file as `data`, to `${baseUrl}/api/glance/images/` as `client`.
 */
export async function legacyImageUpload(baseUrl: string, client: ApiClient, metadata: Record<string, unknown>, data: Buffer, options: { csrf?: boolean } = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(metadata)) form.append(key, String(value));
  form.append('$$originalJSON', JSON.stringify({ ...metadata, data: {} }));
  form.append('data', new Blob([new Uint8Array(data)]), 'disk.img');
  const headers: Record<string, string> = { Cookie: client.cookieHeader(), 'X-Requested-With': 'XMLHttpRequest' };
  if (options.csrf !== false) headers['X-CSRFToken'] = client.cookies.get('csrftoken') ?? '';
  const response = await fetch(`${baseUrl}/api/glance/images/`, { method: 'POST', headers, body: form });
  const body = JSON.parse(await response.text());
  return { status: response.status, body, headers: response.headers };
}
