import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BenchCloud } from './support.js';

/**
 * Uploads one large image (1 GiB by default) three ways and samples the
 * server process's resident memory (VmRSS from /proc) every 20 ms:
 *
 * - baseline: straight to the emulator's Glance (PUT /cloud/image/v2/images/{id}/file),
 *   which streams to disk in the same process;
 * - through the server, direct mode: PUT /api/glance/images/{id}/data/ with the upload ticket;
 * - through the server, legacy mode: the multipart POST /api/glance/images/.
 *
 * A server that buffered the file would grow by about its size; a streaming
 * one stays near its idle RSS, like the baseline.
 */

const CHUNK = 1024 * 1024;

export interface UploadRun {
  label: string;
  peakRssMiB: number;
  seconds: number;
  mibPerSecond: number;
  checksumOk: boolean;
}

export interface ImageUploadResult {
  sizeMiB: number;
  idleRssMiB: number;
  runs: UploadRun[];
}

export function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** The same pseudo-random MiB repeated: the bench process holds one chunk, never the file. */
export function* imageBytes(sizeMiB: number, chunk: Buffer): Generator<Buffer> {
  for (let i = 0; i < sizeMiB; i++) yield chunk;
}

/** A request body fetch reads as it sends (Node's fetch takes async iterables; the DOM types do not say so). */
async function* toAsync(source: Iterable<Buffer> | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield* source;
}
export const streamed = (source: Iterable<Buffer> | AsyncIterable<Buffer>) => toAsync(source) as unknown as BodyInit;

export function expectedMd5(sizeMiB: number, chunk: Buffer): string {
  const md5 = createHash('md5');
  for (const part of imageBytes(sizeMiB, chunk)) md5.update(part);
  return md5.digest('hex');
}

async function* multipartBody(boundary: string, metadata: Record<string, unknown>, sizeMiB: number, chunk: Buffer): AsyncGenerator<Buffer> {
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  for (const [key, value] of Object.entries(metadata)) yield field(key, String(value));
  yield field('$$originalJSON', JSON.stringify({ ...metadata, data: {} }));
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="bench.img"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  yield* imageBytes(sizeMiB, chunk);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

export async function measure(pid: number, run: () => Promise<void>): Promise<{ peak: number; seconds: number }> {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const started = performance.now();
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssMiB(pid));
  return { peak, seconds: (performance.now() - started) / 1000 };
}

export async function benchImageUpload(cloud: BenchCloud, sizeMiB: number): Promise<ImageUploadResult> {
  const { server } = cloud;
  const chunk = randomBytes(CHUNK);
  const md5 = expectedMd5(sizeMiB, chunk);
  const api = (method: string, path: string, body?: unknown) =>
    fetch(server.baseUrl + path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRFToken': cloud.demoCsrf, Cookie: cloud.demoCookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const native = (method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}/cloud/image${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Auth-Token': cloud.demoToken },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const imageOf = async (id: string) => (await (await native('GET', `/v2/images/${id}`)).json()) as { status: string; checksum: string | null };
  const waitActive = async (id: string) => {
    for (;;) {
      const image = await imageOf(id);
      if (image.status !== 'queued' && image.status !== 'saving') return image;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  // Settle: a first small call loads the routes, then the idle figure.
  await api('GET', '/api/glance/images/');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRssMiB = rssMiB(server.pid);
  const runs: UploadRun[] = [];
  const record = async (label: string, id: string, run: () => Promise<void>) => {
    const { peak, seconds } = await measure(server.pid, run);
    const image = await waitActive(id);
    runs.push({ label, peakRssMiB: peak, seconds, mibPerSecond: sizeMiB / seconds, checksumOk: image.status === 'active' && image.checksum === md5 });
    await native('DELETE', `/v2/images/${id}`); // frees the disk before the next run
  };

  // (1) Baseline: the emulator's Glance alone.
  const baseline = (await (await native('POST', '/v2/images', { name: 'bench-native', disk_format: 'raw', container_format: 'bare' })).json()) as { id: string };
  await record('native   PUT /cloud/image/v2/images/{id}/file', baseline.id, async () => {
    const response = await fetch(`${server.baseUrl}/cloud/image/v2/images/${baseline.id}/file`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Auth-Token': cloud.demoToken },
      body: streamed(imageBytes(sizeMiB, chunk)),
      duplex: 'half',
    } as RequestInit);
    if (response.status !== 204) throw new Error(`native upload: ${response.status} ${await response.text()}`);
  });

  // (2) Direct mode through the server.
  const direct = (await (await api('PUT', '/api/glance/images/', { name: 'bench-direct', disk_format: 'raw', data: 'bench.img' })).json()) as { id: string; upload_url: string; token_id: string };
  await record('server   PUT /api/glance/images/{id}/data/', direct.id, async () => {
    const response = await fetch(server.baseUrl + direct.upload_url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Upload-Ticket': direct.token_id, Cookie: cloud.demoCookie },
      body: streamed(imageBytes(sizeMiB, chunk)),
      duplex: 'half',
    } as RequestInit);
    if (response.status !== 204) throw new Error(`direct upload: ${response.status} ${await response.text()}`);
  });

  // (3) Legacy mode: multipart to the server, which spools it and streams it to Glance after its 201.
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  let legacyId = '';
  const legacyRun = async () => {
    const response = await fetch(`${server.baseUrl}/api/glance/images/`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'X-CSRFToken': cloud.demoCsrf, Cookie: cloud.demoCookie },
      body: streamed(multipartBody(boundary, { name: 'bench-legacy', disk_format: 'raw', container_format: 'bare' }, sizeMiB, chunk)),
      duplex: 'half',
    } as RequestInit);
    if (response.status !== 201) throw new Error(`legacy upload: ${response.status} ${await response.text()}`);
    legacyId = ((await response.json()) as { id: string }).id;
    await waitActive(legacyId); // the background upload to Glance is part of the work measured
  };
  const { peak, seconds } = await measure(server.pid, legacyRun);
  const legacyImage = await imageOf(legacyId);
  runs.push({ label: 'server   POST /api/glance/images/ (multipart)', peakRssMiB: peak, seconds, mibPerSecond: sizeMiB / seconds, checksumOk: legacyImage.status === 'active' && legacyImage.checksum === md5 });
  await native('DELETE', `/v2/images/${legacyId}`);

  return { sizeMiB, idleRssMiB, runs };
}

export function printImageUpload(result: ImageUploadResult): void {
  console.log(`server idle RSS (baseline): ${result.idleRssMiB.toFixed(0)} MiB`);
  console.log(`${'path'.padEnd(48)} ${'peak RSS'.padStart(9)} ${'growth'.padStart(8)} ${'MiB/s'.padStart(7)} ${'checksum'.padStart(9)}`);
  for (const run of result.runs) {
    console.log(
      `${run.label.padEnd(48)} ${`${run.peakRssMiB.toFixed(0)} MiB`.padStart(9)} ${`+${(run.peakRssMiB - result.idleRssMiB).toFixed(0)}`.padStart(8)} ${run.mibPerSecond.toFixed(0).padStart(7)} ${(run.checksumOk ? 'ok' : 'WRONG').padStart(9)}`,
    );
  }
  const worst = Math.max(...result.runs.map((run) => run.peakRssMiB - result.idleRssMiB));
  // A buffered upload grows the process by about the image size; a streamed one by its pipe buffers only.
  const verdict = worst < result.sizeMiB / 4 ? 'memory stays flat: streamed, not buffered' : 'memory grows with the image: BUFFERED';
  console.log(`largest growth over idle: ${worst.toFixed(0)} MiB for a ${result.sizeMiB} MiB image (${((worst / result.sizeMiB) * 100).toFixed(1)}% of its size): ${verdict}`);
}
