import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, makeDataDir, removeDataDir, startEmulator, type TestEmulator, tokenFor, userWithRole } from '../../support/emulator.js';

let cloud: TestEmulator;
let demo: string;
let admin: string;
let demoProjectId: string;
let demoUserId: string;

const URL = '/cloud/compute/v2.1/os-server-groups';
let counter = 0;
const unique = (prefix = 'sg') => `${prefix}-${++counter}`;

const create = (token: string, group: Record<string, unknown>, microversion?: string) =>
  cloud.app.inject({ method: 'POST', url: URL, headers: headers(token, microversion), payload: { server_group: group } });
const list = (token: string, query = '', microversion?: string) => cloud.app.inject({ url: `${URL}${query}`, headers: headers(token, microversion) });
const show = (token: string, id: string, microversion?: string) => cloud.app.inject({ url: `${URL}/${id}`, headers: headers(token, microversion) });
const remove = (token: string, id: string) => cloud.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: headers(token) });
const idsOf = (response: { json(): { server_groups: { id: string }[] } }) => response.json().server_groups.map((group) => group.id);

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  const token = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': demo, 'x-subject-token': demo } })).json().token;
  demoProjectId = token.project.id;
  demoUserId = token.user.id;
});
afterAll(async () => {
  await cloud.close();
});

describe('creating a server group', () => {
  it('answers 200 with policies, empty metadata and no members at 2.1', async () => {
    const name = unique();
    const response = await create(demo, { name, policies: ['affinity'] });
    expect(response.statusCode).toBe(200);
    const group = response.json().server_group;
    expect(group).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name, policies: ['affinity'], metadata: {}, members: [] });
  });

  it('adds project_id and user_id from 2.13', async () => {
    const group = (await create(demo, { name: unique(), policies: ['anti-affinity'] }, '2.13')).json().server_group;
    expect(group).toMatchObject({ project_id: demoProjectId, user_id: demoUserId });
  });

  it('takes the soft policies from 2.15 only, naming the list item before', async () => {
    const early = await create(demo, { name: unique(), policies: ['soft-affinity'] }, '2.14');
    expect(early.json()).toEqual({
      badRequest: { code: 400, message: "Invalid input for field/attribute 0. Value: soft-affinity. 'soft-affinity' is not one of ['anti-affinity', 'affinity']" },
    });
    for (const policy of ['soft-affinity', 'soft-anti-affinity']) {
      const response = await create(demo, { name: unique(), policies: [policy] }, '2.15');
      expect(response.statusCode).toBe(200);
      expect(response.json().server_group.policies).toEqual([policy]);
    }
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['two policies', { policies: ['affinity', 'anti-affinity'] }, "Invalid input for field/attribute policies. Value: ['affinity', 'anti-affinity']. ['affinity', 'anti-affinity'] is too long"],
    ['a repeated policy', { policies: ['affinity', 'affinity'] }, "Invalid input for field/attribute policies. Value: ['affinity', 'affinity']. ['affinity', 'affinity'] has non-unique elements"],
    ['no policy', { policies: [] }, 'Invalid input for field/attribute policies. Value: []. [] is too short'],
    ['a policy string', { policies: 'affinity' }, "Invalid input for field/attribute policies. Value: affinity. 'affinity' is not of type 'array'"],
    ['an empty name', { name: '', policies: ['affinity'] }, "Invalid input for field/attribute name. Value: . '' is too short"],
    ['a name ending in a space', { name: 'x ', policies: ['affinity'] }, "An invalid 'name' value was provided. The name must be: printable characters. Can not start or end with whitespace."],
  ];
  for (const [what, change, message] of invalid) {
    it(`refuses ${what} with 400 naming the field`, async () => {
      const response = await create(demo, { name: 'g', ...change }, '2.15');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ badRequest: { code: 400, message } });
    });
  }

  it('refuses a group without policies', async () => {
    expect((await create(demo, { name: 'g' }, '2.15')).json().badRequest.message).toBe(
      "Invalid input for field/attribute server_group. Value: {'name': 'g'}. 'policies' is a required property",
    );
  });
});

describe('from 2.64: one policy and its rules', () => {
  it('takes policy and rules, and shows them at 2.64 but as policies below', async () => {
    const response = await create(demo, { name: unique(), policy: 'anti-affinity', rules: { max_server_per_host: 2 } }, '2.64');
    expect(response.statusCode).toBe(200);
    const group = response.json().server_group;
    expect(group).toMatchObject({ policy: 'anti-affinity', rules: { max_server_per_host: 2 }, members: [], project_id: demoProjectId });
    expect(group).not.toHaveProperty('policies');
    expect(group).not.toHaveProperty('metadata');
    expect((await show(demo, group.id, '2.60')).json().server_group).toMatchObject({ policies: ['anti-affinity'], metadata: {} });
    expect((await create(demo, { name: unique(), policy: 'soft-affinity' }, '2.64')).json().server_group.rules).toEqual({});
  });

  it('refuses rules with another policy, and the old policies list', async () => {
    expect((await create(demo, { name: 'g', policy: 'affinity', rules: { max_server_per_host: 2 } }, '2.64')).json()).toEqual({
      badRequest: { code: 400, message: 'Only anti-affinity policy supports rules.' },
    });
    expect((await create(demo, { name: 'g', policies: ['affinity'] }, '2.64')).json().badRequest.message).toBe(
      "Invalid input for field/attribute server_group. Value: {'name': 'g', 'policies': ['affinity']}. 'policy' is a required property",
    );
  });
});

describe('server groups belong to a project', () => {
  it('lists the caller\'s project only; an admin sees every project with all_projects', async () => {
    const mine = (await create(demo, { name: unique('mine'), policies: ['affinity'] })).json().server_group.id;
    const admins = (await create(admin, { name: unique('admins'), policies: ['affinity'] })).json().server_group.id;
    expect(idsOf(await list(demo))).toContain(mine);
    expect(idsOf(await list(demo))).not.toContain(admins);
    // A member asking all_projects silently gets its own, as in Nova.
    expect(idsOf(await list(demo, '?all_projects=1'))).not.toContain(admins);
    expect(idsOf(await list(admin))).not.toContain(mine);
    expect(idsOf(await list(admin, '?all_projects=1'))).toEqual(expect.arrayContaining([mine, admins]));
  });

  it('answers another project\'s group with 404 to a member, and shows it to an admin', async () => {
    const admins = (await create(admin, { name: unique('hidden'), policies: ['affinity'] })).json().server_group.id;
    expect((await show(demo, admins)).json()).toEqual({ itemNotFound: { code: 404, message: `Instance group ${admins} could not be found.` } });
    expect((await remove(demo, admins)).statusCode).toBe(404);
    const mine = (await create(demo, { name: unique(), policies: ['affinity'] })).json().server_group.id;
    expect((await show(admin, mine, '2.13')).json().server_group.project_id).toBe(demoProjectId);
  });

  it('lets a reader look but not create or delete', async () => {
    const reader = await userWithRole(cloud, { user: 'sg-reader', project: 'demo', role: 'reader' });
    const id = (await create(demo, { name: unique(), policies: ['affinity'] })).json().server_group.id;
    expect((await show(reader.token, id)).statusCode).toBe(200);
    expect(idsOf(await list(reader.token))).toContain(id);
    expect((await create(reader.token, { name: unique(), policies: ['affinity'] })).json()).toEqual({
      forbidden: { code: 403, message: "Policy doesn't allow os_compute_api:os-server-groups:create to be performed." },
    });
    expect((await remove(reader.token, id)).statusCode).toBe(403);
  });

  it('pages the list with limit and offset; unknown parameters are refused from 2.75', async () => {
    const paged = await userWithRole(cloud, { user: 'sg-pager', project: 'pager', role: 'member' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(paged.token, { name: unique('page'), policies: ['affinity'] })).json().server_group.id);
    expect(idsOf(await list(paged.token))).toEqual(ids);
    expect(idsOf(await list(paged.token, '?limit=1&offset=1'))).toEqual([ids[1]]);
    expect((await list(paged.token, '?foo=1', '2.75')).json()).toEqual({ badRequest: { code: 400, message: "Additional properties are not allowed ('foo' was unexpected)" } });
  });
});

describe('deleting a server group', () => {
  it('answers 204, then 404', async () => {
    const id = (await create(demo, { name: unique(), policies: ['affinity'] })).json().server_group.id;
    const deleted = await remove(demo, id);
    expect(deleted.statusCode).toBe(204);
    expect((await show(demo, id)).statusCode).toBe(404);
    expect((await remove(demo, id)).json()).toEqual({ itemNotFound: { code: 404, message: `Instance group ${id} could not be found.` } });
  });
});

describe('the server_groups quota', () => {
  it('refuses one group too many with 403, and counts groups in the limits', async () => {
    const member = await userWithRole(cloud, { user: 'sg-quota', project: 'quota', role: 'member' });
    cloud.db().run("INSERT INTO quotas (project_id, resource, hard_limit) VALUES (?, 'server_groups', 1)", member.projectId);
    expect((await create(member.token, { name: unique(), policies: ['affinity'] })).statusCode).toBe(200);
    expect((await create(member.token, { name: unique(), policies: ['affinity'] })).json()).toEqual({
      forbidden: { code: 403, message: 'Quota exceeded, too many server groups.' },
    });
    const limits = await cloud.app.inject({ url: '/cloud/compute/v2.1/limits', headers: headers(member.token) });
    expect(limits.json().limits.absolute).toMatchObject({ maxServerGroups: 1, totalServerGroupsUsed: 1 });
  });
});

describe('server groups survive a restart', () => {
  it('keeps a group across close and reopen of the same dataDir', async () => {
    const dataDir = makeDataDir();
    try {
      const first = await startEmulator({ dataDir });
      const token = await tokenFor(first.app, 'demo');
      const created = await first.app.inject({ method: 'POST', url: URL, headers: headers(token, '2.64'), payload: { server_group: { name: 'kept', policy: 'anti-affinity', rules: { max_server_per_host: 3 } } } });
      const id = created.json().server_group.id;
      await first.close();
      const second = await startEmulator({ dataDir });
      const shown = await second.app.inject({ url: `${URL}/${id}`, headers: headers(token, '2.64') });
      expect(shown.json().server_group).toMatchObject({ id, name: 'kept', policy: 'anti-affinity', rules: { max_server_per_host: 3 } });
      await second.close();
    } finally {
      removeDataDir(dataDir);
    }
  });
});
