import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDir, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';
import { type ServerApi, serverApi } from './servers-support.js';

let cloud: TestEmulator;
let api: ServerApi;
let demo: string;
let admin: string;
let imageId: string;
let demoProjectId: string;

/** Nova's naive UTC time of a test clock instant. */
const at = (ms: number) => new Date(ms).toISOString().slice(0, 19);

beforeAll(async () => {
  cloud = await startEmulator();
  api = serverApi(cloud);
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  imageId = (await cloud.app.inject({ url: '/cloud/image/v2/images?name=tiny-boot', headers: { 'x-auth-token': demo } })).json().images[0].id;
  const networks = (await cloud.app.inject({ url: '/cloud/network/v2.0/networks?name=private', headers: { 'x-auth-token': demo } })).json().networks;
  demoProjectId = networks[0].project_id;
});
afterAll(async () => {
  await cloud.close();
});

/** Moves the emulator clock; tokens live an hour, so new ones are taken after. */
async function advanceHours(hours: number): Promise<void> {
  cloud.clock.advance(hours * 3600);
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
}

async function launch(name: string): Promise<{ id: string; launchedAt: number }> {
  const response = await api.create(demo, { name, imageRef: imageId, flavorRef: '1', networks: 'auto' });
  expect(response.statusCode).toBe(202);
  const id = response.json().server.id as string;
  const server = await api.settle(demo, id);
  return { id, launchedAt: Date.parse(`${server['OS-SRV-USG:launched_at'] as string}Z`) };
}

describe('os-simple-tenant-usage', () => {
  it("counts a server's hours from its launch, and a deleted one's until its deletion", async () => {
    const { id, launchedAt } = await launch('usage-vm');
    await advanceHours(2);
    const start = launchedAt - 3600_000;
    const live = await api.get(demo, `/os-simple-tenant-usage/${demoProjectId}?start=${at(start)}&end=${at(cloud.clock.now)}`);
    expect(live.statusCode).toBe(200);
    const usage = live.json().tenant_usage;
    const server = usage.server_usages.find((entry: { instance_id: string }) => entry.instance_id === id);
    expect(server).toMatchObject({ name: 'usage-vm', vcpus: 1, memory_mb: 512, local_gb: 1, flavor: 'm1.tiny', state: 'active', ended_at: null, tenant_id: demoProjectId });
    expect(server.hours).toBeCloseTo(2, 2);
    expect(server.uptime).toBe(2 * 3600);
    expect(usage.total_vcpus_usage).toBeGreaterThanOrEqual(server.hours);
    expect(usage.start).toBe(`${at(start)}.000000`);

    expect((await api.send(demo, 'DELETE', `/servers/${id}`)).statusCode).toBe(204);
    await api.settle(demo, id).catch(() => undefined);
    await advanceHours(5);
    const after = (await api.get(demo, `/os-simple-tenant-usage/${demoProjectId}?start=${at(start)}&end=${at(cloud.clock.now)}`)).json().tenant_usage;
    const gone = after.server_usages.find((entry: { instance_id: string }) => entry.instance_id === id);
    expect(gone.state).toBe('terminated');
    expect(gone.ended_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/));
    expect(gone.hours).toBeLessThan(2.01);
    expect(gone.hours).toBeGreaterThan(1.99);

    // A period after the deletion leaves it out.
    const later = (await api.get(demo, `/os-simple-tenant-usage/${demoProjectId}?start=${at(cloud.clock.now - 3600_000)}&end=${at(cloud.clock.now)}`)).json().tenant_usage;
    expect((later.server_usages ?? []).some((entry: { instance_id: string }) => entry.instance_id === id)).toBe(false);
  });

  it('lists every project for the admin, servers only with detailed=1', async () => {
    const { launchedAt } = await launch('usage-admin-view');
    await advanceHours(1);
    const query = `start=${at(launchedAt - 1000)}&end=${at(cloud.clock.now)}`;
    const plain = (await api.get(admin, `/os-simple-tenant-usage?${query}`)).json().tenant_usages;
    const demoUsage = plain.find((usage: { tenant_id: string }) => usage.tenant_id === demoProjectId);
    expect(demoUsage.total_hours).toBeGreaterThan(0.99);
    expect(demoUsage.server_usages).toBeUndefined();
    const detailed = (await api.get(admin, `/os-simple-tenant-usage?${query}&detailed=1`)).json().tenant_usages;
    expect(detailed.find((usage: { tenant_id: string }) => usage.tenant_id === demoProjectId).server_usages.map((entry: { name: string }) => entry.name)).toContain(
      'usage-admin-view',
    );
  });

  it("refuses a member every project's usage and another project's", async () => {
    const all = await api.get(demo, '/os-simple-tenant-usage');
    expect(all.statusCode).toBe(403);
    expect(all.json().forbidden.message).toBe("Policy doesn't allow os_compute_api:os-simple-tenant-usage:list to be performed.");
    expect((await api.get(demo, '/os-simple-tenant-usage/0123456789abcdef0123456789abcdef')).statusCode).toBe(403);
  });

  it('answers an empty object for a project with nothing in the period, and 400 for bad times', async () => {
    expect((await api.get(demo, `/os-simple-tenant-usage/${demoProjectId}?start=2000-01-01T00:00:00&end=2000-01-02T00:00:00`)).json()).toEqual({ tenant_usage: {} });
    expect((await api.get(admin, '/os-simple-tenant-usage?start=bad')).json()).toEqual({ badRequest: { code: 400, message: 'Invalid datetime string: Datetime is in invalid format' } });
    expect((await api.get(admin, '/os-simple-tenant-usage?start=2026-11-05T00:00:00&end=2026-11-01T00:00:00')).json().badRequest.message).toBe(
      'Invalid start time. The start time cannot occur after the end time.',
    );
  });
});

describe('usage survives a restart', () => {
  it("keeps a deleted server's hours and a live one's launch across close and reopen, counted on the advanced clock", async () => {
    const dataDir = makeDataDir();
    try {
      const first = await startEmulator({ dataDir });
      const firstApi = serverApi(first);
      const token = await tokenFor(first.app, 'demo');
      const image = (await first.app.inject({ url: '/cloud/image/v2/images?name=tiny-boot', headers: { 'x-auth-token': token } })).json().images[0].id;
      const launchOn = async (name: string) => {
        const id = (await firstApi.create(token, { name, imageRef: image, flavorRef: '1', networks: 'auto' })).json().server.id as string;
        await firstApi.settle(token, id);
        return id;
      };
      const kept = await launchOn('kept-vm');
      const gone = await launchOn('gone-vm');
      const start = first.clock.now - 60_000;
      first.clock.advance(3600);
      const stillToken = await tokenFor(first.app, 'demo');
      expect((await firstApi.send(stillToken, 'DELETE', `/servers/${gone}`)).statusCode).toBe(204);
      await firstApi.settle(stillToken, gone).catch(() => undefined);
      const projectId = (await firstApi.get(stillToken, `/servers/${kept}`)).json().server.tenant_id as string;
      const now = first.clock.now;
      await first.close();

      // The same data on a clock three hours on.
      const second = await startEmulator({ dataDir, clock: { now: now + 3 * 3600_000, advance() {} } });
      const secondApi = serverApi(second);
      const again = await tokenFor(second.app, 'demo');
      const usage = (await secondApi.get(again, `/os-simple-tenant-usage/${projectId}?start=${at(start)}&end=${at(second.clock.now)}`)).json().tenant_usage;
      const byId = (id: string) => usage.server_usages.find((entry: { instance_id: string }) => entry.instance_id === id);
      expect(byId(gone)).toMatchObject({ state: 'terminated', ended_at: expect.any(String) });
      expect(byId(gone).hours).toBeCloseTo(1, 1);
      expect(byId(kept)).toMatchObject({ state: 'active', ended_at: null });
      expect(byId(kept).hours).toBeCloseTo(4, 1);
      await second.close();
    } finally {
      removeDataDir(dataDir);
    }
  });
});
