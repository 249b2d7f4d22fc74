import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';
import { BASE, type ServerApi, serverApi, TRANSITION_S } from './servers-support.js';

let cloud: TestEmulator;
let api: ServerApi;
let demo: string;
let admin: string;
let imageId: string;
let privateNetworkId: string;
let demoProjectId: string;

beforeAll(async () => {
  cloud = await startEmulator();
  api = serverApi(cloud);
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  imageId = (await cloud.app.inject({ url: '/cloud/image/v2/images?name=tiny-boot', headers: { 'x-auth-token': demo } })).json().images[0].id;
  const networks = (await cloud.app.inject({ url: '/cloud/network/v2.0/networks?name=private', headers: { 'x-auth-token': demo } })).json().networks;
  privateNetworkId = networks[0].id;
  demoProjectId = networks[0].project_id;
  // Room for the many servers these tests boot; the quota tests set their own limits.
  for (const resource of ['instances', 'cores', 'ram']) cloud.db().run('INSERT INTO quotas (project_id, resource, hard_limit) VALUES (?, ?, -1)', demoProjectId, resource);
});
afterAll(async () => {
  await cloud.close();
});

let counter = 0;
const unique = (prefix = 'vm') => `${prefix}-${++counter}`;

async function boot(token = demo, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await api.create(token, { name: unique(), imageRef: imageId, flavorRef: '1', networks: 'auto', ...extra });
  if (response.statusCode !== 202) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json().server.id;
}

async function active(token = demo, extra: Record<string, unknown> = {}): Promise<string> {
  const id = await boot(token, extra);
  await api.settle(token, id);
  return id;
}

describe('creating a server', () => {
  it('answers 202 with the id, links, adminPass and the security groups asked for', async () => {
    const response = await api.create(demo, { name: 'web', imageRef: imageId, flavorRef: '1', networks: 'auto' });
    expect(response.statusCode).toBe(202);
    const server = response.json().server;
    expect(server).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      links: [
        { rel: 'self', href: `http://cloud.test${BASE}/servers/${server.id}` },
        { rel: 'bookmark', href: `http://cloud.test/cloud/compute/servers/${server.id}` },
      ],
      'OS-DCF:diskConfig': 'MANUAL',
      security_groups: [{ name: 'default' }],
      adminPass: expect.stringMatching(/^\w{12}$/),
    });
  });

  it('builds through scheduling, networking and spawning, then is ACTIVE and running', async () => {
    const id = await boot();
    const seen: unknown[] = [];
    for (let step = 0; step < 3; step++) {
      const server = await api.server(demo, id);
      seen.push([server.status, server['OS-EXT-STS:task_state'], server['OS-EXT-STS:vm_state']]);
      cloud.clock.advance(TRANSITION_S / 3);
    }
    expect(seen).toEqual([
      ['BUILD', 'scheduling', 'building'],
      ['BUILD', 'networking', 'building'],
      ['BUILD', 'spawning', 'building'],
    ]);
    const server = await api.settle(demo, id);
    expect(server).toMatchObject({ status: 'ACTIVE', 'OS-EXT-STS:task_state': null, 'OS-EXT-STS:vm_state': 'active', 'OS-EXT-STS:power_state': 1 });
    expect(server['OS-SRV-USG:launched_at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
  });

  it('binds a port on the only network the project has and shows its address', async () => {
    const id = await active();
    const server = await api.server(demo, id);
    // binding:host_id is the admin's to see.
    const ports = (await cloud.app.inject({ url: `/cloud/network/v2.0/ports?device_id=${id}`, headers: { 'x-auth-token': admin } })).json().ports;
    expect(ports).toHaveLength(1);
    expect(ports[0]).toMatchObject({ network_id: privateNetworkId, device_owner: 'compute:nova', status: 'ACTIVE', 'binding:host_id': expect.stringMatching(/^emu-compute\d$/) });
    expect(server.addresses).toEqual({
      private: [{ version: 4, addr: ports[0].fixed_ips[0].ip_address, 'OS-EXT-IPS:type': 'fixed', 'OS-EXT-IPS-MAC:mac_addr': ports[0].mac_address }],
    });
  });

  it('shows the §6.2 fields: an embedded flavor from 2.47, an id and links before; locked from 2.9, description from 2.19', async () => {
    const id = await active(demo, { description: 'the web tier', metadata: { role: 'web' } });
    const modern = await api.server(demo, id);
    expect(modern).toMatchObject({
      flavor: { vcpus: 1, ram: 512, disk: 1, ephemeral: 0, swap: 0, original_name: 'm1.tiny', extra_specs: {} },
      image: { id: imageId, links: [{ rel: 'bookmark', href: `http://cloud.test/cloud/compute/images/${imageId}` }] },
      locked: false,
      description: 'the web tier',
      metadata: { role: 'web' },
      tenant_id: demoProjectId,
      'OS-EXT-AZ:availability_zone': 'nova',
      key_name: null,
      'OS-DCF:diskConfig': 'MANUAL',
    });
    expect(modern).not.toHaveProperty('OS-EXT-SRV-ATTR:host');
    const old = (await api.show(demo, id, '2.1')).json().server;
    expect(old.flavor).toEqual({ id: '1', links: [{ rel: 'bookmark', href: 'http://cloud.test/cloud/compute/flavors/1' }] });
    expect(old).not.toHaveProperty('locked');
    expect(old).not.toHaveProperty('description');
    const asAdmin = (await cloud.app.inject({ url: `${BASE}/servers/${id}`, headers: headers(admin, '2.3') })).json().server;
    expect(asAdmin).toMatchObject({ 'OS-EXT-SRV-ATTR:host': expect.stringMatching(/^emu-compute/), 'OS-EXT-SRV-ATTR:instance_name': expect.stringMatching(/^instance-[0-9a-f]{8}$/) });
  });

  it('applies the security groups asked for, by name or id, to the ports it creates', async () => {
    const group = (
      await cloud.app.inject({ method: 'POST', url: '/cloud/network/v2.0/security-groups', headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { security_group: { name: 'web' } } })
    ).json().security_group;
    const byName = await boot(demo, { security_groups: [{ name: 'web' }] });
    const byId = await boot(demo, { security_groups: [{ name: group.id }, { name: 'default' }] });
    const portsOf = async (id: string) => (await cloud.app.inject({ url: `/cloud/network/v2.0/ports?device_id=${id}`, headers: { 'x-auth-token': demo } })).json().ports;
    expect((await portsOf(byName))[0].security_groups).toEqual([group.id]);
    expect((await portsOf(byId))[0].security_groups).toHaveLength(2);
    expect((await portsOf(byId))[0].security_groups).toContain(group.id);
    expect((await api.server(demo, byName)).security_groups).toEqual([{ name: 'web' }]);
  });

  it('names count > 1 servers <name>-1, <name>-2 …', async () => {
    const name = unique('batch');
    const response = await api.create(demo, { name, imageRef: imageId, flavorRef: '1', networks: 'auto', min_count: 2, max_count: 2, return_reservation_id: true });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ reservation_id: expect.stringMatching(/^r-/) });
    const names = (await api.get(demo, `/servers?name=^${name}`)).json().servers.map((server: { name: string }) => server.name).sort();
    expect(names).toEqual([`${name}-1`, `${name}-2`]);
  });

  const refusals: [string, Record<string, unknown>, number, string][] = [
    ['an unknown key pair', { key_name: 'nope' }, 400, 'Invalid key_name provided.'],
    ['an unknown flavor', { flavorRef: 'nope' }, 400, 'Flavor nope could not be found.'],
    ['an unknown image', { imageRef: '00000000-0000-0000-0000-000000000000' }, 400, 'Can not find requested image'],
    ['an unknown availability zone', { availability_zone: 'zz' }, 400, 'The requested availability zone is not available'],
    ['user data that is not base64', { user_data: '!!notb64' }, 400, "Invalid input for field/attribute user_data. Value: !!notb64. '!!notb64' is not a 'base64'"],
    ['an unknown security group', { security_groups: [{ name: 'nosuch' }] }, 400, "Unable to find security_group with name or id 'nosuch'"],
    ['an unknown network', { networks: [{ uuid: '00000000-0000-0000-0000-000000000000' }] }, 400, 'Network 00000000-0000-0000-0000-000000000000 could not be found.'],
  ];
  for (const [what, change, status, message] of refusals) {
    it(`refuses ${what} with Nova's message`, async () => {
      const response = await api.create(demo, { name: 'x', imageRef: imageId, flavorRef: '1', networks: 'auto', ...change });
      expect(response.statusCode).toBe(status);
      expect(Object.values(response.json())[0]).toEqual({ code: status, message });
    });
  }

  it('refuses more metadata items than the quota with Nova’s 403', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 129 }, (_, index) => [`k${index}`, 'v']));
    const response = await api.create(demo, { name: 'x', imageRef: imageId, flavorRef: '1', networks: 'auto', metadata });
    expect(response.json()).toEqual({ forbidden: { code: 403, message: 'Maximum number of metadata items exceeds 128' } });
  });

  it('refuses user data over 65535 bytes', async () => {
    const response = await api.create(demo, { name: 'x', imageRef: imageId, flavorRef: '1', networks: 'auto', user_data: 'QUFB'.repeat(16384) });
    expect(response.statusCode).toBe(400);
    expect(response.json().badRequest.message).toMatch(/^Invalid input for field\/attribute user_data\. .* is too long$/);
  });

  it("refuses a flavor with less memory than the image's min_ram", async () => {
    const image = (
      await cloud.app.inject({ method: 'POST', url: '/cloud/image/v2/images', headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { name: 'big-ram', min_ram: 1024, disk_format: 'raw', container_format: 'bare' } })
    ).json();
    await cloud.app.inject({ method: 'PUT', url: `/cloud/image/v2/images/${image.id}/file`, headers: { 'x-auth-token': demo, 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    const response = await api.create(demo, { name: 'x', imageRef: image.id, flavorRef: '1', networks: 'auto' });
    expect(response.json()).toEqual({ badRequest: { code: 400, message: "Flavor's memory is too small for requested image." } });
  });

  it('refuses to choose between several networks: 409', async () => {
    const net = (
      await cloud.app.inject({ method: 'POST', url: '/cloud/network/v2.0/networks', headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { network: { name: 'second' } } })
    ).json().network;
    try {
      const response = await api.create(demo, { name: 'x', imageRef: imageId, flavorRef: '1', networks: 'auto' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ conflictingRequest: { code: 409, message: 'Multiple possible networks found, use a Network ID to be more specific.' } });
    } finally {
      await cloud.app.inject({ method: 'DELETE', url: `/cloud/network/v2.0/networks/${net.id}`, headers: { 'x-auth-token': demo } });
    }
  });

  it('requires networks from 2.37', async () => {
    const response = await api.create(demo, { name: 'x', imageRef: imageId, flavorRef: '1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().badRequest.message).toContain("'networks' is a required property");
  });
});

describe('listing servers', () => {
  it('lists the project newest first, filters by name regex and status, and pages with marker and limit', async () => {
    const prefix = unique('list');
    const first = await active(demo, { name: `${prefix}-a` });
    const second = await boot(demo, { name: `${prefix}-b` });
    const detail = (await api.get(demo, `/servers/detail?name=^${prefix}`, '2.42')).json().servers;
    expect(detail.map((server: { id: string }) => server.id)).toEqual([second, first]);
    expect(detail[0].flavor).toHaveProperty('id', '1');
    const building = (await api.get(demo, `/servers/detail?name=^${prefix}&status=BUILD`)).json().servers;
    expect(building.map((server: { id: string }) => server.id)).toEqual([second]);
    const page = (await api.get(demo, `/servers?name=^${prefix}&limit=1`)).json();
    expect(page.servers.map((server: { id: string }) => server.id)).toEqual([second]);
    expect(page.servers_links[0].href).toContain(`marker=${second}`);
    const next = (await api.get(demo, `/servers?name=^${prefix}&limit=1&marker=${second}`)).json();
    expect(next.servers.map((server: { id: string }) => server.id)).toEqual([first]);
  });

  it("filters every project's servers for an admin by project, fixed address prefix, zone and host before paging, as Nova does", async () => {
    const prefix = unique('admin-filter');
    const older = await active(demo, { name: `${prefix}-a` });
    await active(demo, { name: `${prefix}-b` });
    const server = (await api.show(admin, older)).json().server;
    const fixed = (Object.values(server.addresses).flat() as { addr: string; version: number }[]).find((entry) => entry.version === 4)!.addr;
    const listed = async (query: string) => (await api.get(admin, `/servers/detail?all_tenants=1&${query}`)).json().servers.map((found: { id: string }) => found.id);
    // Nova's ip filter is a regular expression matched from the address's start.
    expect(await listed(`ip=${fixed.replace(/\./g, '\\.')}$&limit=1`)).toEqual([older]);
    expect(await listed(`ip=${fixed.split('.').slice(1).join('.')}$&name=^${prefix}`)).toEqual([]);
    expect(await listed(`ip6=${fixed}&name=^${prefix}`)).toEqual([]);
    expect(await listed(`project_id=${demoProjectId}&name=^${prefix}-a&availability_zone=${server['OS-EXT-AZ:availability_zone']}&host=${server['OS-EXT-SRV-ATTR:host']}`)).toEqual([older]);
    expect(await listed(`name=^${prefix}&availability_zone=no-such-zone`)).toEqual([]);
    expect(await listed(`tenant_id=${server.user_id}&name=^${prefix}`)).toEqual([]);
  });

  it("keeps each project to its own servers: another project's is 404, an admin needs all_tenants", async () => {
    const id = await boot();
    const response = await api.show(admin, id);
    // An admin may GET any server by id, but lists only its own project without all_tenants.
    expect(response.statusCode).toBe(200);
    expect((await api.get(admin, '/servers')).json().servers.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await api.get(admin, '/servers?all_tenants=1')).json().servers.map((s: { id: string }) => s.id)).toContain(id);
    const adminServer = await boot(admin);
    const hidden = await api.show(demo, adminServer);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ itemNotFound: { code: 404, message: `Instance ${adminServer} could not be found.` } });
    expect((await api.action(demo, adminServer, { 'os-stop': null })).statusCode).toBe(404);
    expect((await api.get(demo, '/servers?all_tenants=1')).json()).toEqual({
      forbidden: { code: 403, message: "Policy doesn't allow os_compute_api:servers:index:get_all_tenants to be performed." },
    });
  });
});

describe('updating and deleting', () => {
  it('renames and describes a server', async () => {
    const id = await boot();
    const response = await api.send(demo, 'PUT', `/servers/${id}`, { server: { name: 'renamed', description: 'new words' } }, '2.19');
    expect(response.statusCode).toBe(200);
    expect(response.json().server).toMatchObject({ name: 'renamed', description: 'new words' });
  });

  it('deletes through task deleting, then the server and the ports Nova made are gone', async () => {
    const id = await active();
    const port = (await cloud.app.inject({ url: `/cloud/network/v2.0/ports?device_id=${id}`, headers: { 'x-auth-token': demo } })).json().ports[0];
    expect((await api.send(demo, 'DELETE', `/servers/${id}`)).statusCode).toBe(204);
    expect(await api.server(demo, id)).toMatchObject({ status: 'ACTIVE', 'OS-EXT-STS:task_state': 'deleting' });
    cloud.clock.advance(TRANSITION_S + 0.001);
    expect((await api.show(demo, id)).statusCode).toBe(404);
    expect((await cloud.app.inject({ url: `/cloud/network/v2.0/ports/${port.id}`, headers: { 'x-auth-token': demo } })).statusCode).toBe(404);
  });

  it('keeps a port the caller gave, unbound, when the server is deleted', async () => {
    const port = (
      await cloud.app.inject({ method: 'POST', url: '/cloud/network/v2.0/ports', headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { port: { network_id: privateNetworkId, name: 'mine' } } })
    ).json().port;
    const id = await active(demo, { networks: [{ port: port.id }] });
    const bound = (await cloud.app.inject({ url: `/cloud/network/v2.0/ports/${port.id}`, headers: { 'x-auth-token': demo } })).json().port;
    expect(bound).toMatchObject({ device_id: id, device_owner: 'compute:nova', status: 'ACTIVE' });
    await api.send(demo, 'DELETE', `/servers/${id}`);
    cloud.clock.advance(TRANSITION_S + 0.001);
    await api.get(demo, '/servers');
    const after = (await cloud.app.inject({ url: `/cloud/network/v2.0/ports/${port.id}`, headers: { 'x-auth-token': demo } })).json().port;
    expect(after).toMatchObject({ device_id: '', device_owner: '', status: 'DOWN' });
  });
});
