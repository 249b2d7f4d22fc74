import { createHash, randomBytes } from 'node:crypto';
import { expectedMd5, imageBytes, measure, rssMiB, streamed } from './image-upload.js';
import type { BenchCloud } from './support.js';

/**
 * (i) A large object (1 GiB by default; issue 18) uploaded and downloaded
 * through the server against the same transfers straight to the built-in
 * Swift (the baseline, in the same process), with the server process's
 * resident memory sampled every 20 ms: a streaming server stays near its
 * idle RSS in both directions. The upload through the server is the
 * browser's multipart POST with its Content-Length, so files above
 * SWIFT_SEGMENT_SIZE (1 GiB) go as a Static Large Object, as they would
 * from Chromium. Each download is checked against the md5 of what was sent.
 */

const CHUNK = 1024 * 1024;

export interface TransferRun {
  label: string;
  seconds: number;
  mibPerSecond: number;
  peakRssMiB: number;
  ok: boolean;
}

export interface SwiftTransferResult {
  sizeMiB: number;
  idleRssMiB: number;
  runs: TransferRun[];
}

async function* multipart(boundary: string, sizeMiB: number, chunk: Buffer): AsyncGenerator<Buffer> {
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  yield* imageBytes(sizeMiB, chunk);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

/** Reads a download as it comes: its size and md5, never the whole body in memory. */
async function drain(response: Response): Promise<{ bytes: number; md5: string }> {
  if (response.status !== 200 || !response.body) throw new Error(`download: ${response.status}`);
  const md5 = createHash('md5');
  let bytes = 0;
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += part.length;
    md5.update(part);
  }
  return { bytes, md5: md5.digest('hex') };
}

export async function benchSwiftTransfer(cloud: BenchCloud, sizeMiB: number): Promise<SwiftTransferResult> {
  const { server } = cloud;
  const swift = cloud.endpoints.get('object-store');
  if (!swift) throw new Error('the catalog has no object-store endpoint');
  const container = `bench-transfer-${Date.now()}`;
  const native = (method: string, path: string, init: RequestInit = {}) =>
    fetch(`${swift}/${path}`, { ...init, method, headers: { 'X-Auth-Token': cloud.demoToken, ...(init.headers as Record<string, string>) } } as RequestInit);
  const chunk = randomBytes(CHUNK);
  const md5 = expectedMd5(sizeMiB, chunk);
  const bytes = sizeMiB * CHUNK;
  await native('PUT', container, { headers: { 'Content-Length': '0' } });
  await fetch(`${server.baseUrl}/api/swift/containers/`, { headers: { Cookie: cloud.demoCookie, 'X-Requested-With': 'XMLHttpRequest' } });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRssMiB = rssMiB(server.pid);
  const runs: TransferRun[] = [];
  const record = async (label: string, run: () => Promise<boolean>) => {
    let ok = false;
    const { peak, seconds } = await measure(server.pid, async () => {
      ok = await run();
    });
    runs.push({ label, seconds, mibPerSecond: sizeMiB / seconds, peakRssMiB: peak, ok });
  };
  const objectApi = `${server.baseUrl}/api/swift/containers/${encodeURIComponent(container)}/object/server.bin`;
  try {
    await record('native   PUT /v1/AUTH_p/{c}/{o}', async () => {
      const response = await native('PUT', `${container}/native.bin`, { body: streamed(imageBytes(sizeMiB, chunk)), headers: { 'Content-Type': 'application/octet-stream' }, duplex: 'half' } as RequestInit);
      return response.status === 201 && (response.headers.get('etag') ?? '').replace(/"/g, '') === md5;
    });
    const boundary = `bench${randomBytes(8).toString('hex')}`;
    const overhead = Buffer.byteLength(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`);
    await record('server   POST /api/swift/…/object/{o}', async () => {
      const response = await fetch(objectApi, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(bytes + overhead), 'X-CSRFToken': cloud.demoCsrf, Cookie: cloud.demoCookie },
        body: streamed(multipart(boundary, sizeMiB, chunk)),
        duplex: 'half',
      } as RequestInit);
      return response.status === 201;
    });
    await record('native   GET /v1/AUTH_p/{c}/{o}', async () => {
      const got = await drain(await native('GET', `${container}/native.bin`));
      return got.bytes === bytes && got.md5 === md5;
    });
    await record('server   GET /api/swift/…/object/{o}', async () => {
      const got = await drain(await fetch(objectApi, { headers: { Cookie: cloud.demoCookie } }));
      return got.bytes === bytes && got.md5 === md5;
    });
  } finally {
    await native('DELETE', `${container}/native.bin`);
    await fetch(objectApi, { method: 'DELETE', headers: { Cookie: cloud.demoCookie, 'X-CSRFToken': cloud.demoCsrf, 'X-Requested-With': 'XMLHttpRequest' } });
    await native('DELETE', container);
    await native('DELETE', `${container}_segments`);
  }
  return { sizeMiB, idleRssMiB, runs };
}

export function printSwiftTransfer(result: SwiftTransferResult): void {
  console.log(`server idle RSS (baseline): ${result.idleRssMiB.toFixed(0)} MiB`);
  console.log(`${'path'.padEnd(40)} ${'seconds'.padStart(8)} ${'MiB/s'.padStart(7)} ${'peak RSS'.padStart(9)} ${'growth'.padStart(8)} ${'bytes'.padStart(6)}`);
  for (const run of result.runs) {
    console.log(
      `${run.label.padEnd(40)} ${run.seconds.toFixed(1).padStart(8)} ${run.mibPerSecond.toFixed(0).padStart(7)} ${`${run.peakRssMiB.toFixed(0)} MiB`.padStart(9)} ${`+${(run.peakRssMiB - result.idleRssMiB).toFixed(0)}`.padStart(8)} ${(run.ok ? 'ok' : 'WRONG').padStart(6)}`,
    );
  }
  const rate = (label: string) => result.runs.find((run) => run.label.startsWith(label))?.mibPerSecond ?? NaN;
  console.log(
    `throughput through the server ÷ straight to Swift: upload ${(rate('server   POST') / rate('native   PUT')).toFixed(2)}, download ${(rate('server   GET') / rate('native   GET')).toFixed(2)}; ` +
      `largest RSS growth ${Math.max(...result.runs.map((run) => run.peakRssMiB - result.idleRssMiB)).toFixed(0)} MiB for a ${result.sizeMiB} MiB object`,
  );
}
