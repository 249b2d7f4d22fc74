import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let demoSession: { project_id: string; id: string };
const created: { client: () => ApiClient; id: string }[] = [];

interface ServerGroup {
  id: string;
  name: string;
  policies: string[];
  members: string[];
  metadata: Record<string, string>;
  project_id?: string;
  user_id?: string;
}

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  demoSession = (await demo.get('/api/keystone/user-session/')).body;
});
afterAll(async () => {
  for (const { client, id } of created) await client().delete(`/api/nova/servergroups/${id}/`);
  await cloud.close();
});

/** Creates a server group and remembers it for clean-up. */
async function createGroup(as: ApiClient, body: Record<string, unknown>) {
  const response = await as.post('/api/nova/servergroups/', body);
  if (response.status === 201) created.push({ client: () => as, id: response.body.id });
  return response;
}

const groupIds = async (client: ApiClient) => ((await client.get('/api/nova/servergroups/')).body.items as ServerGroup[]).map((group) => group.id);

describe('server groups through /api/nova/servergroups/', () => {
  it('creates a group: 201, Location, and the policies list', async () => {
    const name = uniqueName('api-sg');
    const response = await createGroup(demo, { name, policies: ['anti-affinity'] });
    expect(response.status).toBe(201);
    const group = response.body as ServerGroup;
    expect(response.headers.get('location')).toBe(`/api/nova/servergroups/${group.id}`);
    expect(group).toMatchObject({ name, policies: ['anti-affinity'], members: [] });
  });

  it('lists groups with policies as a list, members and metadata', async () => {
    const name = uniqueName('api-sg-list');
    const { body: group } = await createGroup(demo, { name, policies: ['affinity'] });
    const items = (await demo.get('/api/nova/servergroups/')).body.items as ServerGroup[];
    expect(items.find((item) => item.id === group.id)).toEqual(expect.objectContaining({ id: group.id, name, policies: ['affinity'], members: [], metadata: {} }));
  });

  it('shows one group with project_id and user_id, with or without the trailing slash', async () => {
    const { body: group } = await createGroup(demo, { name: uniqueName('api-sg-get'), policies: ['affinity'] });
    for (const path of [`/api/nova/servergroups/${group.id}`, `/api/nova/servergroups/${group.id}/`]) {
      const response = await demo.get(path);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: group.id, policies: ['affinity'], project_id: demoSession.project_id, user_id: demoSession.id });
    }
  });

  it('says the soft policies are available (the create form asks first)', async () => {
    const response = await demo.get('/api/nova/features/servergroup_soft_policies/');
    expect(response.status).toBe(200);
    expect(response.body).toBe(true);
    expect((await demo.get('/api/nova/features/no_such_feature/')).body).toBe(false);
  });

  it('creates groups with the soft policies', async () => {
    for (const policy of ['soft-anti-affinity', 'soft-affinity']) {
      const response = await createGroup(demo, { name: uniqueName('api-sg-soft'), policies: [policy] });
      expect(response.status).toBe(201);
      expect(response.body.policies).toEqual([policy]);
    }
  });

  it('deletes a group: 204, then 404, with or without the trailing slash', async () => {
    const first = (await demo.post('/api/nova/servergroups', { name: uniqueName('api-sg-del'), policies: ['affinity'] })).body as ServerGroup;
    const second = (await demo.post('/api/nova/servergroups/', { name: uniqueName('api-sg-del'), policies: ['affinity'] })).body as ServerGroup;
    expect((await demo.delete(`/api/nova/servergroups/${first.id}`)).status).toBe(204);
    expect((await demo.delete(`/api/nova/servergroups/${second.id}/`)).status).toBe(204);
    expect((await demo.get(`/api/nova/servergroups/${first.id}`)).status).toBe(404);
    expect(await groupIds(demo)).not.toContain(second.id);
  });
});

describe('tenants see only their own server groups', () => {
  it('keeps admin\'s group from demo and demo\'s from admin\'s project list', async () => {
    const { body: theirs } = await createGroup(admin, { name: uniqueName('api-sg-admin'), policies: ['affinity'] });
    const { body: mine } = await createGroup(demo, { name: uniqueName('api-sg-demo'), policies: ['affinity'] });
    expect(await groupIds(demo)).toContain(mine.id);
    expect(await groupIds(demo)).not.toContain(theirs.id);
    expect((await demo.get(`/api/nova/servergroups/${theirs.id}`)).status).toBe(404);
    expect((await demo.delete(`/api/nova/servergroups/${theirs.id}/`)).status).toBe(404);
    expect(await groupIds(admin)).toContain(theirs.id);
    expect(await groupIds(admin)).not.toContain(mine.id);
  });
});

describe('bad input gets a 400 that names the field, and nothing is created', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['an unknown policy', { policies: ['bogus'] }, /policies/],
    ['two policies', { policies: ['affinity', 'anti-affinity'] }, /policies/],
    ['no policies', { policies: [] }, /policies/],
    ['a missing name', { name: undefined }, /name/],
    ['a policy string instead of a list', { policies: 'affinity' }, /policies/],
    ['an unknown field', { colour: 'red' }, /colour/],
  ];
  for (const [what, change, field] of cases) {
    it(what, async () => {
      const name = uniqueName('api-sg-bad');
      const response = await createGroup(demo, { name, policies: ['affinity'], ...change });
      expect(response.status).toBe(400);
      expect(response.body).toMatch(field);
      const names = ((await demo.get('/api/nova/servergroups/')).body.items as ServerGroup[]).map((group) => group.name);
      expect(names).not.toContain(name);
    });
  }
});

describe('CSRF on server group writes', () => {
  it('refuses a create without X-CSRFToken with 403 and creates nothing', async () => {
    const name = uniqueName('api-sg-csrf');
    const response = await demo.post('/api/nova/servergroups/', { name, policies: ['affinity'] }, { csrf: false });
    expect(response.status).toBe(403);
    const names = ((await demo.get('/api/nova/servergroups/')).body.items as ServerGroup[]).map((group) => group.name);
    expect(names).not.toContain(name);
  });

  it('refuses a delete with a forged token and keeps the group', async () => {
    const { body: group } = await createGroup(demo, { name: uniqueName('api-sg-csrf'), policies: ['affinity'] });
    expect((await demo.delete(`/api/nova/servergroups/${group.id}/`, undefined, { csrf: 'forged' })).status).toBe(403);
    expect((await demo.get(`/api/nova/servergroups/${group.id}`)).status).toBe(200);
  });
});
