import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud } from '../support/cloud.js';

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
});
afterAll(() => cloud.close());

describe('/api/settings/', () => {
  it('serves the spec\'s defaults', async () => {
    const response = await demo.get('/api/settings/');
    expect(response.status).toBe(200);
    expect(response.body.AJAX_POLL_INTERVAL).toBe(2500);
    expect(response.body.OPENSTACK_KEYSTONE_DEFAULT_DOMAIN).toBe('Default');
    expect(response.body.OPENSTACK_KEYSTONE_BACKEND).toMatchObject({ can_edit_user: true, can_edit_domain: true });
    expect(response.body.FILTER_DATA_FIRST).toHaveProperty(['admin.images'], false);
    expect(response.body.OPENSTACK_IMAGE_FORMATS).toContain('qcow2');
  });
});

describe('/api/keystone/', () => {
  it('user-session says who is logged in and where, with is_superuser for admin', async () => {
    const mine = (await admin.get('/api/keystone/user-session/')).body;
    expect(mine).toMatchObject({ username: 'admin', is_superuser: true, enabled: true, services_region: 'RegionOne' });
    expect(mine.roles).toContainEqual({ name: 'admin' });
    expect(mine.available_services_regions).toContain('RegionOne');
  });

  it('svc-catalog is a bare array of entries with public endpoints only', async () => {
    const response = await demo.get('/api/keystone/svc-catalog/');
    expect(Array.isArray(response.body)).toBe(true);
    const types = response.body.map((entry: { type: string }) => entry.type);
    expect(types).toEqual(expect.arrayContaining(['identity', 'compute']));
    for (const entry of response.body) {
      expect(entry.endpoints.length).toBeGreaterThan(0);
      for (const endpoint of entry.endpoints) expect(endpoint.interface).toBe('public');
    }
  });

  it('services lists every interface, with the id replaced by the list index', async () => {
    const response = await admin.get('/api/keystone/services/');
    expect(response.body.items.map((entry: { id: string }) => entry.id)).toEqual(response.body.items.map((_: unknown, index: number) => String(index)));
  });

  it('projects of the current user', async () => {
    const session = (await demo.get('/api/keystone/user-session/')).body;
    const response = await demo.get(`/api/keystone/projects/?user_id=${session.id}`);
    expect(response.body.has_more).toBe(false);
    expect(response.body.items.map((project: { name: string }) => project.name)).toContain('demo');
  });

  it('default_domain answers the user\'s domain', async () => {
    const response = await demo.get('/api/keystone/default_domain/');
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Default');
  });
});

describe('/api/policy/', () => {
  const check = (client: ApiClient, rules: unknown, target?: object) => client.post('/api/policy/', { rules, ...(target ? { target } : {}) });

  it('admin_required is allowed for admin and refused for a member', async () => {
    expect((await check(admin, [['identity', 'admin_required']])).body).toEqual({ allowed: true });
    expect((await check(demo, [['identity', 'admin_required']])).body).toEqual({ allowed: false });
  });

  it('a member may create key pairs of their own', async () => {
    expect((await check(demo, [['compute', 'os_compute_api:os-keypairs:create']])).body.allowed).toBe(true);
  });

  it('owner rules compare with the target and default to the session\'s ids', async () => {
    expect((await check(demo, [['compute', 'os_compute_api:os-keypairs:delete']], { user_id: 'someone-else' })).body.allowed).toBe(false);
    expect((await check(demo, [['compute', 'os_compute_api:os-keypairs:delete']])).body.allowed).toBe(true);
  });

  it("fills only openstack_auth's default target keys: a rule about one record needs that record (the images' Owner column)", async () => {
    expect((await check(demo, [['identity', 'identity:get_project']])).body.allowed).toBe(false);
    expect((await check(admin, [['identity', 'identity:get_project']])).body.allowed).toBe(true);
    const own = (await demo.get('/api/keystone/user-session/')).body.project_id;
    expect((await check(demo, [['identity', 'identity:get_project']], { 'project.id': own })).body.allowed).toBe(true);
  });

  it('rules are ANDed', async () => {
    expect((await check(demo, [['compute', 'compute:create'], ['identity', 'admin_required']])).body.allowed).toBe(false);
  });

  it('a scope without a policy counts as allowed', async () => {
    expect((await check(demo, [['neutron', 'anything']])).body.allowed).toBe(true);
  });

  it("answers a page's checks in one call: checks → allowed in their order (one policy call per page)", async () => {
    const response = await demo.post('/api/policy/', {
      checks: [{ rules: [['identity', 'admin_required']] }, { rules: [['compute', 'os_compute_api:os-keypairs:delete']], target: { user_id: 'someone-else' } }, { rules: [['compute', 'os_compute_api:os-keypairs:create']] }],
    });
    expect(response.body).toEqual({ allowed: [false, false, true] });
    expect((await demo.post('/api/policy/', { checks: [{ rules: 'x' }] })).status).toBe(400);
  });

  it('a malformed rules value is 400 "unexpected parameter format"', async () => {
    const response = await check(demo, 'identity:admin_required');
    expect(response.status).toBe(400);
    expect(response.body).toBe('unexpected parameter format');
  });
});

describe('/api/timezones/', () => {
  it('maps zone names to offsets', async () => {
    const response = await demo.get('/api/timezones/');
    expect(response.body.timezone_dict.UTC).toBe('+0000');
    expect(response.body.timezone_dict['Asia/Tokyo']).toBe('+0900');
  });
});

describe('unknown routes', () => {
  it('answer 404 with a JSON string', async () => {
    const response = await demo.get('/api/nova/no-such-thing/');
    expect(response.status).toBe(404);
    expect(typeof response.body).toBe('string');
  });
});

describe('header/ (the extensible header)', () => {
  it('answers a logged-in user with the HTML fragment, empty by default', async () => {
    const response = await demo.get('/header/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.body ?? '').toBe('');
  });

  it('answers 401 without a session', async () => {
    const response = await new ApiClient(cloud).get('/header/');
    expect(response.status).toBe(401);
  });
});
