import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, userWithRole } from '../../support/emulator.js';
import { call, type Persona, persona, servicesWith } from './support.js';

/** Cinder's Edit Volume Type (contrib/types_manage.py `_update`): name, description and is_public, any of them; the admin's only. */
let cloud: TestEmulator;
let admin: Persona;
let member: Persona;

beforeAll(async () => {
  cloud = await startEmulator({ services: servicesWith() });
  admin = await persona(cloud, 'admin');
  const other = await userWithRole(cloud, { user: 'type-user', project: 'type-project', role: 'member' });
  member = { token: other.token, projectId: other.projectId, userId: other.userId, base: `/cloud/volume/v3/${other.projectId}` };
});
afterAll(async () => {
  await cloud.close();
});

const newType = async (name: string) => (await call(cloud, admin, 'POST', '/types', { volume_type: { name, description: 'first' } })).json().volume_type;

describe('PUT /types/{id}', () => {
  it('renames a type, changes its description and makes it private, answering the updated type; the fields not given stay', async () => {
    const type = await newType('edit-me');
    const updated = await call(cloud, admin, 'PUT', `/types/${type.id}`, { volume_type: { name: 'edited', description: 'second', is_public: false } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().volume_type).toMatchObject({ id: type.id, name: 'edited', description: 'second', is_public: false, extra_specs: {} });
    // As Cinder's volume_type_access, which extends show and create but not update.
    expect(updated.json().volume_type).not.toHaveProperty('os-volume-type-access:is_public');
    expect((await call(cloud, admin, 'GET', `/types/${type.id}`)).json().volume_type['os-volume-type-access:is_public']).toBe(false);
    // A member no longer sees the private type.
    expect((await call(cloud, member, 'GET', '/types')).json().volume_types.map((item: { id: string }) => item.id)).not.toContain(type.id);
    const partly = await call(cloud, admin, 'PUT', `/types/${type.id}`, { volume_type: { is_public: 'true' } });
    expect(partly.json().volume_type).toMatchObject({ name: 'edited', description: 'second', is_public: true });
    expect((await call(cloud, admin, 'PUT', `/types/${type.id}`, { volume_type: { description: '' } })).json().volume_type.description).toBe('');
  });

  it('refuses a name another type has (409), an empty name, an empty change and an unknown field (400), and an unknown type (404)', async () => {
    const [first, second] = [await newType('taken-a'), await newType('taken-b')];
    const conflict = await call(cloud, admin, 'PUT', `/types/${second.id}`, { volume_type: { name: 'taken-a' } });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().conflictingRequest.message).toBe('Volume Type taken-a already exists.');
    const blank = await call(cloud, admin, 'PUT', `/types/${second.id}`, { volume_type: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().badRequest.message).toBe('Volume type name can not be empty.');
    const nothing = await call(cloud, admin, 'PUT', `/types/${second.id}`, { volume_type: {} });
    expect(nothing.json().badRequest.message).toBe('Specify volume type name, description, is_public or a combination thereof.');
    expect((await call(cloud, admin, 'PUT', `/types/${second.id}`, { volume_type: { extra_specs: {} } })).statusCode).toBe(400);
    expect((await call(cloud, admin, 'PUT', `/types/${second.id}`, { volume_type: { is_public: 'maybe' } })).statusCode).toBe(400);
    expect((await call(cloud, admin, 'PUT', '/types/00000000-0000-0000-0000-000000000000', { volume_type: { name: 'x' } })).statusCode).toBe(404);
    // Nothing changed.
    expect((await call(cloud, admin, 'GET', `/types/${first.id}`)).json().volume_type.name).toBe('taken-a');
    expect((await call(cloud, admin, 'GET', `/types/${second.id}`)).json().volume_type.name).toBe('taken-b');
  });

  it('moves the per-type quotas to the new name', async () => {
    const type = await newType('quota-type');
    expect((await call(cloud, admin, 'PUT', `/os-quota-sets/${member.projectId}`, { quota_set: { 'volumes_quota-type': 3 } })).statusCode).toBe(200);
    await call(cloud, admin, 'PUT', `/types/${type.id}`, { volume_type: { name: 'quota-renamed' } });
    const quotas = (await call(cloud, admin, 'GET', `/os-quota-sets/${member.projectId}`)).json().quota_set;
    expect(quotas['volumes_quota-renamed']).toBe(3);
    expect(quotas).not.toHaveProperty('volumes_quota-type');
  });

  it('refuses members', async () => {
    const type = await newType('member-proof-type');
    expect((await call(cloud, member, 'PUT', `/types/${type.id}`, { volume_type: { name: 'mine' } })).statusCode).toBe(403);
    expect((await call(cloud, admin, 'GET', `/types/${type.id}`)).json().volume_type.name).toBe('member-proof-type');
  });
});

describe('GET /types?is_public= (types.py _parse_is_public)', () => {
  it("gives an admin the public types by default, every type for 'None', one visibility for a boolean word, and refuses anything else", async () => {
    const open = await newType('listed-public');
    const hidden = await newType('listed-private');
    await call(cloud, admin, 'PUT', `/types/${hidden.id}`, { volume_type: { is_public: false } });
    const ids = async (query: string, who = admin) => (await call(cloud, who, 'GET', `/types${query}`)).json().volume_types.map((item: { id: string }) => item.id);
    expect(await ids('')).toContain(open.id);
    expect(await ids('')).not.toContain(hidden.id);
    expect(await ids('?is_public=None')).toEqual(expect.arrayContaining([open.id, hidden.id]));
    expect(await ids('?is_public=false')).toContain(hidden.id);
    expect(await ids('?is_public=false')).not.toContain(open.id);
    // A member's filter is ignored: the public types.
    expect(await ids('?is_public=None', member)).not.toContain(hidden.id);
    const refused = await call(cloud, admin, 'GET', '/types?is_public=maybe');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().badRequest.message).toContain('Invalid is_public filter [maybe]');
  });
});
