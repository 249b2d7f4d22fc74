import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { createProjectMember, memberClient, type ProjectMember } from '../support/members.js';
import { waitUntil } from '../support/wait.js';

/**
 * Quotas of a project (Edit Quotas, the Overview's charts) and the usage
 * reports (project and admin Overview): read and written through /api, the
 * admin's routes refused to members by the server.
 */

let cloud: TestCloud;
let admin: ApiClient;
let demo: ApiClient;
let member: ProjectMember;
let memberApi: ApiClient;
let demoProject: string;
const servers: string[] = [];

interface QuotaItem {
  display_name: string;
  name: string;
  limit: number;
  in_use?: number;
}

beforeAll(async () => {
  cloud = await startTestCloud();
  admin = await ApiClient.loggedIn(cloud, 'admin');
  demo = await ApiClient.loggedIn(cloud, 'demo');
  demoProject = (await demo.get('/api/keystone/user-session/')).body.project_id;
  member = await createProjectMember(cloud.baseUrl, cloud.passwords.admin, 'api-quota');
  memberApi = await memberClient(cloud, member);
}, 60_000);
afterAll(async () => {
  for (const id of servers) await demo.delete(`/api/nova/servers/${id}`);
  await member?.remove();
  await cloud.close();
}, 60_000);

const byName = (items: QuotaItem[]) => Object.fromEntries(items.map((item) => [item.name, item]));

describe("a project's quotas through quota-sets/{project}", () => {
  it('reads Nova, Cinder and Neutron quotas with their display names', async () => {
    const nova = byName((await admin.get(`/api/nova/quota-sets/${member.projectId}`)).body.items);
    expect(nova.instances).toMatchObject({ display_name: 'Instances', limit: expect.any(Number) });
    expect(nova.cores.display_name).toBe('vCPUs');
    expect(nova.ram.display_name).toBe('RAM (MB)');
    const cinder = byName((await admin.get(`/api/cinder/quota-sets/${member.projectId}`)).body.items);
    expect(Object.keys(cinder)).toEqual(['volumes', 'snapshots', 'gigabytes']);
    expect(cinder.gigabytes.display_name).toBe('Total Size of Volumes and Snapshots (GB)');
    const neutron = byName((await admin.get(`/api/neutron/quota-sets/${member.projectId}`)).body.items);
    expect(neutron.floatingip.display_name).toBe('Floating IPs');
    expect(neutron.security_group_rule.display_name).toBe('Security Group Rules');
  });

  it('adds what the project uses with usage=true, and a member reads their own', async () => {
    const nova = byName((await memberApi.get(`/api/nova/quota-sets/${member.projectId}?usage=true`)).body.items);
    expect(nova.instances.in_use).toBe(0);
    const neutron = byName((await memberApi.get(`/api/neutron/quota-sets/${member.projectId}?usage=true`)).body.items);
    // A new project gets its default security group.
    expect(neutron.security_group.in_use).toBeGreaterThanOrEqual(0);
    const cinder = byName((await memberApi.get(`/api/cinder/quota-sets/${member.projectId}?usage=true`)).body.items);
    expect(cinder.volumes.in_use).toBe(0);
  });

  it("lets the admin edit a project's quotas in each service", async () => {
    const nova = (await admin.get(`/api/nova/quota-sets/${member.projectId}`)).body.items as QuotaItem[];
    const body = { ...Object.fromEntries(nova.map((item) => [item.name, item.limit])), cores: 3, ram: 1024 };
    expect((await admin.request('PATCH', `/api/nova/quota-sets/${member.projectId}`, body)).status).toBe(204);
    expect((await admin.request('PATCH', `/api/cinder/quota-sets/${member.projectId}`, { volumes: 4, snapshots: 5, gigabytes: 60 })).status).toBe(204);
    expect((await admin.request('PATCH', `/api/neutron/quotas-sets/${member.projectId}`, { network: 7, router: 2 })).status).toBe(204);
    const after = byName((await admin.get(`/api/nova/quota-sets/${member.projectId}`)).body.items);
    expect([after.cores.limit, after.ram.limit]).toEqual([3, 1024]);
    expect(byName((await admin.get(`/api/cinder/quota-sets/${member.projectId}`)).body.items).gigabytes.limit).toBe(60);
    const network = byName((await admin.get(`/api/neutron/quota-sets/${member.projectId}`)).body.items);
    expect([network.network.limit, network.router.limit]).toEqual([7, 2]);
    // The member's launch limits follow.
    const limits = (await memberApi.get('/api/nova/limits/')).body;
    expect([limits.maxTotalCores, limits.maxTotalRAMSize]).toEqual([3, 1024]);
  });

  it("refuses a member other projects' quotas and every quota change, before the cloud is asked", async () => {
    for (const path of [`/api/nova/quota-sets/${demoProject}`, `/api/cinder/quota-sets/${demoProject}`, `/api/neutron/quota-sets/${demoProject}`]) {
      expect((await memberApi.get(path)).status, path).toBe(403);
    }
    const nova = (await memberApi.get(`/api/nova/quota-sets/${member.projectId}`)).body.items as QuotaItem[];
    const own = Object.fromEntries(nova.map((item) => [item.name, item.limit]));
    const refused = [
      await memberApi.request('PATCH', `/api/nova/quota-sets/${member.projectId}`, { ...own, cores: 100 }),
      await memberApi.request('PATCH', '/api/nova/quota-sets/defaults/', own),
      await memberApi.request('PATCH', `/api/cinder/quota-sets/${member.projectId}`, { volumes: 100 }),
      await memberApi.request('PATCH', '/api/cinder/quota-sets/defaults/', { volumes: 100, snapshots: 100, gigabytes: 100 }),
      await memberApi.request('PATCH', `/api/neutron/quotas-sets/${member.projectId}`, { network: 100 }),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403]);
    expect(refused[0].body).toBe("Policy doesn't allow os_compute_api:os-quota-sets:update to be performed.");
    expect(byName((await admin.get(`/api/nova/quota-sets/${member.projectId}`)).body.items).cores.limit).not.toBe(100);
  });

  it('saves the default quotas unchanged for the admin (Update Defaults)', async () => {
    const nova = (await admin.get('/api/nova/quota-sets/defaults/')).body.items as QuotaItem[];
    expect((await admin.request('PATCH', '/api/nova/quota-sets/defaults/', Object.fromEntries(nova.map((item) => [item.name, item.limit])))).status).toBe(204);
    const cinder = (await admin.get('/api/cinder/quota-sets/defaults/')).body.items as QuotaItem[];
    const volume = byName(cinder);
    expect((await admin.request('PATCH', '/api/cinder/quota-sets/defaults/', { volumes: volume.volumes.limit, snapshots: volume.snapshots.limit, gigabytes: volume.gigabytes.limit })).status).toBe(204);
  });
});

describe('usage reports through /api/nova/usage/ and /api/nova/usages/', { timeout: 90_000 }, () => {
  it("lists a project's running instances with their sizes and hours, and every project's totals for the admin", async () => {
    const image = ((await demo.get('/api/glance/images/')).body.items as { id: string; status: string; container_format: string; min_ram: number }[]).find(
      (candidate) => candidate.status === 'active' && !['aki', 'ari'].includes(candidate.container_format) && !candidate.min_ram,
    )!;
    const network = ((await demo.get('/api/neutron/networks/')).body.items as { id: string; name: string }[]).find((candidate) => candidate.name === 'private')!;
    const flavor = ((await demo.get('/api/nova/flavors/')).body.items as { id: string; ram: number; vcpus: number }[]).sort((a, b) => a.ram - b.ram)[0];
    const name = uniqueName('api-usage');
    const launched = await demo.post('/api/nova/servers/', {
      name,
      source_id: image.id,
      flavor_id: flavor.id,
      key_name: null,
      user_data: null,
      security_groups: ['default'],
      nics: [{ 'net-id': network.id, 'v4-fixed-ip': '' }],
    });
    expect(launched.status).toBe(201);
    servers.push(launched.body.id);
    const report = await waitUntil(
      async () => (await demo.get('/api/nova/usage/')).body,
      (body) => body.items.some((item: { name: string }) => item.name === name),
      { what: 'the new instance in the usage report', timeout: 60_000 },
    );
    const row = report.items.find((item: { name: string }) => item.name === name);
    expect(row).toMatchObject({ instance_id: launched.body.id, vcpus: flavor.vcpus, memory_mb: flavor.ram, hours: expect.any(Number), uptime: expect.any(Number) });
    expect(report.project_id).toBe(demoProject);
    expect(report.summary.instances).toBeGreaterThanOrEqual(1);
    expect(report.start).toMatch(/^\d{4}-\d\d-01T00:00:00$/);

    const global = (await admin.get('/api/nova/usages/')).body;
    const demoRow = global.items.find((item: { project_id: string }) => item.project_id === demoProject);
    expect(demoRow).toMatchObject({ project_name: 'demo', vcpus: expect.any(Number), vcpu_hours: expect.any(Number) });
    expect(demoRow.vcpus).toBeGreaterThanOrEqual(flavor.vcpus);

    // Admin > Instances: every project's, paged by the server, with the project's name; a member is refused.
    const everyProject = (await admin.get('/api/nova/servers/?all_tenants=true&paginate=true&limit=1000')).body;
    expect(everyProject).toHaveProperty('has_more_data');
    expect(everyProject.items.find((server: { id: string }) => server.id === launched.body.id)).toMatchObject({ name, tenant_id: demoProject, tenant_name: 'demo' });
    const firstPage = (await admin.get('/api/nova/servers/?all_tenants=true&paginate=true&limit=1')).body;
    expect(firstPage.items).toHaveLength(1);
    const refused = await demo.get('/api/nova/servers/?all_tenants=true');
    expect([refused.status, refused.body]).toEqual([403, "Policy doesn't allow os_compute_api:servers:index:get_all_tenants to be performed."]);
  });

  it("refuses a member every project's usage and another project's", async () => {
    const all = await demo.get('/api/nova/usages/');
    expect(all.status).toBe(403);
    expect(all.body).toBe("Policy doesn't allow os_compute_api:os-simple-tenant-usage:list to be performed.");
    expect((await memberApi.get(`/api/nova/usage/?project_id=${demoProject}`)).status).toBe(403);
  });

  it('answers 400 for a period that ends before it starts, lies in the future or is not a date', async () => {
    const before = await demo.get('/api/nova/usage/?start=2026-02-10&end=2026-02-01');
    expect([before.status, before.body]).toEqual([400, 'Invalid time period. The end date should be more recent than the start date.']);
    const future = await demo.get('/api/nova/usage/?start=2999-01-01&end=2999-01-02');
    expect([future.status, future.body]).toEqual([400, 'Invalid time period. You are requesting data from the future which may not exist.']);
    const bad = await demo.get('/api/nova/usage/?start=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('start');
  });
});
