import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { createProjectMember, memberClient, type ProjectMember } from '../support/members.js';
import { waitUntil } from '../support/wait.js';

/**
 * The Overview's metering chart through /api/nova/usage/chart/ (not in the
 * contract): series with UTC samples, stats and settings (spec 1 §3), a
 * member's own project only.
 */

let cloud: TestCloud;
let admin: ApiClient;
let demo: ApiClient;
let member: ProjectMember;
let memberApi: ApiClient;
let demoProject: string;
const servers: string[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
  admin = await ApiClient.loggedIn(cloud, 'admin');
  demo = await ApiClient.loggedIn(cloud, 'demo');
  demoProject = (await demo.get('/api/keystone/user-session/')).body.project_id;
  member = await createProjectMember(cloud.baseUrl, cloud.passwords.admin, 'api-chart');
  memberApi = await memberClient(cloud, member);
}, 60_000);
afterAll(async () => {
  for (const id of servers) await demo.delete(`/api/nova/servers/${id}`);
  await member?.remove();
  await cloud.close();
}, 60_000);

const today = () => new Date().toISOString().slice(0, 10);

describe('usage chart data through /api/nova/usage/chart/', { timeout: 90_000 }, () => {
  it("samples a project's RAM in use per hour once an instance runs, with used, average and max-value stats", async () => {
    const image = ((await demo.get('/api/glance/images/')).body.items as { id: string; status: string; container_format: string; min_ram: number }[]).find(
      (candidate) => candidate.status === 'active' && !['aki', 'ari'].includes(candidate.container_format) && !candidate.min_ram,
    )!;
    const network = ((await demo.get('/api/neutron/networks/')).body.items as { id: string; name: string }[]).find((candidate) => candidate.name === 'private')!;
    const flavor = ((await demo.get('/api/nova/flavors/')).body.items as { id: string; ram: number }[]).sort((a, b) => a.ram - b.ram)[0];
    const launched = await demo.post('/api/nova/servers/', {
      name: uniqueName('api-chart'),
      source_id: image.id,
      flavor_id: flavor.id,
      key_name: null,
      user_data: null,
      security_groups: ['default'],
      nics: [{ 'net-id': network.id, 'v4-fixed-ip': '' }],
    });
    expect(launched.status).toBe(201);
    servers.push(launched.body.id);
    const chart = await waitUntil(
      async () => (await demo.get(`/api/nova/usage/chart/?meter=memory_mb&start=${today()}&end=${today()}`)).body,
      (body) => body.series?.[0]?.data.some((point: { y: number }) => point.y > 0),
      { what: 'RAM in use in the chart', timeout: 60_000 },
    );
    const [series] = chart.series;
    expect(series).toMatchObject({ name: 'RAM', unit: 'MB' });
    expect(series.data[0].x).toBe(`${today()}T00:00:00Z`);
    // One sample per hour of today so far, the last one this hour's.
    const times = series.data.map((point: { x: string }) => Date.parse(point.x));
    expect(times.slice(1).every((time: number, index: number) => time - times[index] === 3_600_000)).toBe(true);
    expect(Date.now() - times.at(-1)).toBeLessThan(3_600_000 + 60_000);
    expect(chart.stats).toMatchObject({ used: series.data.at(-1).y, average: expect.any(Number), max_value: expect.any(Number) });
    expect(chart.stats.max_value).toBeGreaterThan(0);
    expect(chart.stats.tooltip_used).toMatch(/^Latest: [\d.]+ MB$/);
    expect(chart.settings).toMatchObject({ xMin: `${today()}T00:00:00Z`, xMax: `${today()}T23:59:59Z`, higlight_last_point: true });

    // The admin Overview's chart is the whole cloud's: every hour holds at least demo's RAM, and so its peak. This
    // hour's sample moves while the hour runs (an instance another test file ends lowers its average), so demo's is
    // read before and after the cloud's, and the cloud's is compared with the lower of the two.
    const cloudWide = (await admin.get(`/api/nova/usage/chart/?meter=memory_mb&start=${today()}&end=${today()}&all_projects=true`)).body;
    const after = (await demo.get(`/api/nova/usage/chart/?meter=memory_mb&start=${today()}&end=${today()}`)).body;
    expect(cloudWide.series[0]).toMatchObject({ name: 'RAM', unit: 'MB' });
    const demoAt = new Map(series.data.map((point: { x: string; y: number }) => [point.x, point.y]));
    for (const point of after.series[0].data as { x: string; y: number }[]) demoAt.set(point.x, Math.min(point.y, (demoAt.get(point.x) as number | undefined) ?? point.y));
    for (const point of cloudWide.series[0].data as { x: string; y: number }[]) expect(point.y).toBeGreaterThanOrEqual((demoAt.get(point.x) as number | undefined) ?? 0);
    expect(cloudWide.stats.max_value).toBeGreaterThanOrEqual(Math.min(chart.stats.max_value, after.stats.max_value));
  });

  it("gives a project without instances an empty series, and the admin any project's", async () => {
    const own = await memberApi.get('/api/nova/usage/chart/');
    expect(own.status).toBe(200);
    expect(own.body.series).toEqual([{ name: 'vCPUs', unit: 'vCPUs', data: [] }]);
    expect(own.body.stats).toEqual({});
    const asAdmin = await admin.get(`/api/nova/usage/chart/?project_id=${member.projectId}`);
    expect(asAdmin.body.series[0].data).toEqual([]);
  });

  it("refuses a member another project's chart, and answers 400 for a bad meter or period", async () => {
    const refused = await memberApi.get(`/api/nova/usage/chart/?project_id=${demoProject}`);
    expect([refused.status, refused.body]).toEqual([403, "Policy doesn't allow os_compute_api:os-simple-tenant-usage:show to be performed."]);
    const cloudWide = await demo.get('/api/nova/usage/chart/?all_projects=true');
    expect([cloudWide.status, cloudWide.body]).toEqual([403, "Policy doesn't allow os_compute_api:os-simple-tenant-usage:list to be performed."]);
    expect((await demo.get('/api/nova/usage/chart/?all_projects=yes')).status).toBe(400);
    const meter = await demo.get('/api/nova/usage/chart/?meter=gpus');
    expect(meter.status).toBe(400);
    expect(meter.body).toContain('meter');
    const future = await demo.get('/api/nova/usage/chart/?start=2999-01-01&end=2999-01-02');
    expect([future.status, future.body]).toEqual([400, 'Invalid time period. You are requesting data from the future which may not exist.']);
  });
});
