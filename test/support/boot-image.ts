import type { ApiClient } from './api-client.js';

interface ListedImage {
  id: string;
  status: string;
  container_format: string;
  min_ram: number;
  created_at: string;
}

/**
 * An image demo can boot from that no test file made: the oldest active one
 * (the cloud's own, seeded before any test ran). Files share one cloud, and
 * the first image of the list was at times another file's, deleted while
 * this one launched from it ("Can not find requested image").
 */
export async function bootImageId(client: ApiClient): Promise<string> {
  const images = (await client.get('/api/glance/images/')).body.items as ListedImage[];
  const bootable = images.filter((image) => image.status === 'active' && !['aki', 'ari'].includes(image.container_format) && !image.min_ram);
  const oldest = bootable.sort((a, b) => a.created_at.localeCompare(b.created_at))[0];
  if (!oldest) throw new Error('no image to boot from');
  return oldest.id;
}
