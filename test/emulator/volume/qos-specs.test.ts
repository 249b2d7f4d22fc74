import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, userWithRole } from '../../support/emulator.js';
import { call, type Persona, persona, servicesWith } from './support.js';

/** Cinder's QoS specs (contrib/qos_specs_manage.py): keys, consumer, and the volume types they are associated with; the admin's only. */
let cloud: TestEmulator;
let admin: Persona;
let member: Persona;

beforeAll(async () => {
  cloud = await startEmulator({ services: servicesWith() });
  admin = await persona(cloud, 'admin');
  const other = await userWithRole(cloud, { user: 'qos-user', project: 'qos-project', role: 'member' });
  member = { token: other.token, projectId: other.projectId, userId: other.userId, base: `/cloud/volume/v3/${other.projectId}` };
});
afterAll(async () => {
  await cloud.close();
});

const newSpec = async (name: string) => (await call(cloud, admin, 'POST', '/qos-specs', { qos_specs: { name, consumer: 'back-end', total_iops_sec: '500' } })).json().qos_specs;
const newType = async (name: string) => (await call(cloud, admin, 'POST', '/types', { volume_type: { name } })).json().volume_type;

describe('QoS specs', () => {
  it('sets and deletes keys, and changes the consumer, refusing an unknown one', async () => {
    const spec = await newSpec('silver');
    const set = await call(cloud, admin, 'PUT', `/qos-specs/${spec.id}`, { qos_specs: { read_bytes_sec: '1024', consumer: 'both' } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ qos_specs: { read_bytes_sec: '1024', consumer: 'both' } });
    expect((await call(cloud, admin, 'PUT', `/qos-specs/${spec.id}/delete_keys`, { keys: ['total_iops_sec'] })).statusCode).toBe(202);
    expect((await call(cloud, admin, 'GET', `/qos-specs/${spec.id}`)).json().qos_specs).toMatchObject({ consumer: 'both', specs: { read_bytes_sec: '1024' } });
    expect((await call(cloud, admin, 'PUT', `/qos-specs/${spec.id}/delete_keys`, { keys: ['nope'] })).statusCode).toBe(404);
    expect((await call(cloud, admin, 'PUT', `/qos-specs/${spec.id}`, { qos_specs: { consumer: 'middle' } })).statusCode).toBe(400);
    expect((await call(cloud, admin, 'POST', '/qos-specs', { qos_specs: { name: 'silver' } })).statusCode).toBe(409);
  });

  it('associates a spec with a volume type, lists the association, refuses a second spec for the type, and disassociates', async () => {
    const [gold, bronze, type] = [await newSpec('gold-a'), await newSpec('bronze-a'), await newType('fast-a')];
    expect((await call(cloud, admin, 'GET', `/qos-specs/${gold.id}/associate?vol_type_id=${type.id}`)).statusCode).toBe(202);
    expect((await call(cloud, admin, 'GET', `/qos-specs/${gold.id}/associations`)).json()).toEqual({ qos_associations: [{ association_type: 'volume_type', name: 'fast-a', id: type.id }] });
    expect((await call(cloud, admin, 'GET', `/types/${type.id}`)).json().volume_type.qos_specs_id).toBe(gold.id);
    const second = await call(cloud, admin, 'GET', `/qos-specs/${bronze.id}/associate?vol_type_id=${type.id}`);
    expect(second.statusCode).toBe(400);
    expect(second.json().badRequest.message).toContain(`is already associated with another qos specs: ${gold.id}`);
    // In use: a delete without force is refused.
    expect((await call(cloud, admin, 'DELETE', `/qos-specs/${gold.id}`)).statusCode).toBe(400);
    expect((await call(cloud, admin, 'GET', `/qos-specs/${gold.id}/disassociate?vol_type_id=${type.id}`)).statusCode).toBe(202);
    expect((await call(cloud, admin, 'GET', `/qos-specs/${gold.id}/associations`)).json().qos_associations).toEqual([]);
    expect((await call(cloud, admin, 'GET', `/qos-specs/${gold.id}/associate`)).statusCode).toBe(400);
  });

  it('refuses members every QoS call', async () => {
    const spec = await newSpec('member-proof');
    expect((await call(cloud, member, 'PUT', `/qos-specs/${spec.id}`, { qos_specs: { a: 'b' } })).statusCode).toBe(403);
    expect((await call(cloud, member, 'GET', `/qos-specs/${spec.id}/associations`)).statusCode).toBe(403);
    expect((await call(cloud, member, 'GET', `/qos-specs/${spec.id}/disassociate_all`)).statusCode).toBe(403);
  });
});
