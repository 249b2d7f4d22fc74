import type { BenchCloud } from './support.js';

/**
 * (e) A project with many images: the images page's first page through the
 * server (`paginate`, 20 rows) against the whole list as the page asked for
 * it before paging (every image up to API_RESULT_LIMIT, following Glance's
 * `next` links). The images are made straight in the built-in Glance.
 */
export async function seedImages(cloud: BenchCloud, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const response = await fetch(`${cloud.server.baseUrl}/cloud/image/v2/images`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Auth-Token': cloud.demoToken },
        body: JSON.stringify({ name: `bench-image-${String(index).padStart(5, '0')}`, disk_format: 'qcow2', container_format: 'bare', visibility: 'private' }),
      });
      if (response.status !== 201) throw new Error(`image ${index}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

export async function benchPaging(cloud: BenchCloud, runs = 5) {
  const get = async (path: string) => {
    const begin = performance.now();
    const response = await fetch(`${cloud.server.baseUrl}${path}`, { headers: { Cookie: cloud.demoCookie, 'X-Requested-With': 'XMLHttpRequest' } });
    const body = (await response.json()) as { items: unknown[] };
    return { ms: performance.now() - begin, rows: body.items.length };
  };
  const paged: number[] = [];
  const whole: number[] = [];
  let rows = { paged: 0, whole: 0 };
  for (let run = 0; run < runs; run++) {
    const page = await get('/api/glance/images/?paginate=true&limit=20&sort_key=name&sort_dir=asc');
    const all = await get('/api/glance/images/');
    paged.push(page.ms);
    whole.push(all.ms);
    rows = { paged: page.rows, whole: all.rows };
  }
  const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
  return { pagedMs: median(paged), wholeMs: median(whole), rows };
}
