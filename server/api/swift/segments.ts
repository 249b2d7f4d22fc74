import type { CloudClient } from '../../openstack/client.js';
import { headOrNull, objectPath, swift } from './native.js';

/**
 * The segments of a Static Large Object, as `/{container}/{name}` paths: what
 * a replacement must delete once the new object stands (python-swiftclient
 * does the same when it overwrites a segmented object without
 * `--leave-segments`). None for a plain object or one that does not exist.
 */
export async function sloSegments(client: CloudClient, container: string, object: string): Promise<string[]> {
  if ((await headOrNull(client, objectPath(container, object)))?.get('x-static-large-object') !== 'True') return [];
  const manifest = await swift<{ name: string }[]>(client, 'GET', objectPath(container, object), { query: { 'multipart-manifest': 'get', format: 'json' } });
  return (manifest.body ?? []).map((segment) => segment.name);
}

/** Deletes segments by path, a few at a time; a segment already gone is not an error. Best effort: a failure leaves an orphan, never a broken object. */
export async function deleteSegments(client: CloudClient, paths: string[]): Promise<void> {
  const pending = [...paths];
  const worker = async () => {
    for (let path = pending.shift(); path !== undefined; path = pending.shift()) {
      const [, container, ...rest] = path.split('/');
      await swift(client, 'DELETE', objectPath(container!, rest.join('/'))).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, pending.length) }, worker));
}
