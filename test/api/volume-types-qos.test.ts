import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

/**
 * Admin › Volumes' Volume Types and QoS Specs tabs through /api/cinder/ (not
 * in the contract: Horizon's cinder.volume_type_* and qos_spec_* calls),
 * against the emulator or the real cloud. Members are refused every write by
 * the server. Everything made is deleted.
 */
let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
const types: string[] = [];
const specs: string[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
});
afterAll(async () => {
  for (const id of types) await admin.delete(`/api/cinder/volumetypes/${id}/`);
  for (const id of specs) await admin.delete(`/api/cinder/qosspecs/${id}/`);
});

interface Type {
  id: string;
  name: string;
  description: string | null;
  is_public: boolean | null;
  associated_qos_spec: string | null;
  extra_specs: Record<string, string>;
}
interface Spec {
  id: string;
  name: string;
  consumer: string;
  specs: Record<string, string>;
}

async function newType(description = ''): Promise<Type> {
  const created = await admin.post('/api/cinder/volumetypes/', { name: uniqueName('api-type'), description, is_public: true });
  expect(created.status).toBe(201);
  const type = created.body as Type;
  types.push(type.id);
  return type;
}

async function newSpec(consumer = 'back-end'): Promise<Spec> {
  const created = await admin.post('/api/cinder/qosspecs/', { name: uniqueName('api-qos'), consumer, specs: { total_iops_sec: '500' } });
  expect(created.status).toBe(201);
  const spec = created.body as Spec;
  specs.push(spec.id);
  return spec;
}

const listedType = async (id: string) => ((await admin.get('/api/cinder/volumetypes/')).body as { items: Type[] }).items.find((type) => type.id === id);
const listedSpec = async (id: string) => ((await admin.get('/api/cinder/qosspecs/')).body as { items: Spec[] }).items.find((spec) => spec.id === id);

describe('volume types (admin)', () => {
  it('creates a public type with its description, edits its extra specs as metadata, and deletes it', async () => {
    const type = await newType('for the api test');
    expect(type).toMatchObject({ description: 'for the api test', is_public: true });
    expect((await admin.request('PATCH', `/api/cinder/volumetypes/${type.id}/metadata`, { updated: { volume_backend_name: 'lvm', tier: 'gold' }, removed: [] })).status).toBe(204);
    expect((await admin.request('PATCH', `/api/cinder/volumetypes/${type.id}/metadata`, { updated: {}, removed: ['tier'] })).status).toBe(204);
    expect((await admin.get(`/api/cinder/volumetypes/${type.id}/metadata`)).body).toEqual({ volume_backend_name: 'lvm' });
    expect((await admin.delete(`/api/cinder/volumetypes/${type.id}/`)).status).toBe(204);
    expect(await listedType(type.id)).toBeUndefined();
  });

  it('edits a type: renames it, changes its description and makes it private, and the list shows it so', async () => {
    const type = await newType('before');
    const name = uniqueName('api-type-edited');
    const edited = await admin.request('PATCH', `/api/cinder/volumetypes/${type.id}/`, { name, description: 'after', is_public: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: type.id, name, description: 'after', is_public: false });
    expect(await listedType(type.id)).toMatchObject({ name, description: 'after', is_public: false });
    // A member no longer sees the private type.
    expect(((await demo.get('/api/cinder/volumetypes/')).body as { items: Type[] }).items.map((item) => item.id)).not.toContain(type.id);
  });

  it("refuses a new name another type has (the form's code), and a blank or missing name naming the field; nothing changes", async () => {
    const [first, second] = [await newType(), await newType()];
    const conflict = await admin.request('PATCH', `/api/cinder/volumetypes/${second.id}/`, { name: first.name, description: '', is_public: true });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toBe('VOLUME_TYPE_NAME_CONFLICT');
    for (const body of [{ name: '   ' }, { description: 'x' }, { name: 'ok', is_public: 'maybe' }]) {
      const refused = await admin.request('PATCH', `/api/cinder/volumetypes/${second.id}/`, body);
      expect(refused.status).toBe(400);
      expect(String(refused.body)).toMatch(/name|is_public/);
    }
    expect((await listedType(second.id))?.name).toBe(second.name);
  });

  it('refuses a type without a name, naming the field', async () => {
    const refused = await admin.post('/api/cinder/volumetypes/', { description: 'x' });
    expect(refused.status).toBe(400);
    expect(String(refused.body)).toContain('name');
  });
});

describe('QoS specs (admin)', () => {
  it('creates a spec for a consumer with its keys, sets and removes keys, and refuses an unknown consumer', async () => {
    const spec = await newSpec('front-end');
    expect(spec).toMatchObject({ consumer: 'front-end', specs: { total_iops_sec: '500' } });
    expect((await admin.request('PATCH', `/api/cinder/qosspecs/${spec.id}/specs`, { updated: { read_bytes_sec: '2048' }, removed: ['total_iops_sec'] })).status).toBe(204);
    expect((await admin.get(`/api/cinder/qosspecs/${spec.id}/specs`)).body).toEqual({ read_bytes_sec: '2048' });
    const refused = await admin.post('/api/cinder/qosspecs/', { name: uniqueName('api-qos'), consumer: 'middle' });
    expect(refused.status).toBe(400);
    expect(String(refused.body)).toContain('consumer');
  });

  it("edits a spec's consumer, keeping its keys, and refuses an unknown consumer naming the field", async () => {
    const spec = await newSpec('back-end');
    const edited = await admin.request('PATCH', `/api/cinder/qosspecs/${spec.id}/`, { consumer: 'both' });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ id: spec.id, name: spec.name, consumer: 'both', specs: { total_iops_sec: '500' } });
    expect(await listedSpec(spec.id)).toMatchObject({ consumer: 'both', specs: { total_iops_sec: '500' } });
    const refused = await admin.request('PATCH', `/api/cinder/qosspecs/${spec.id}/`, { consumer: 'middle' });
    expect(refused.status).toBe(400);
    expect(String(refused.body)).toContain('consumer');
    expect((await listedSpec(spec.id))?.consumer).toBe('both');
  });

  it("associates a spec with a type (the type lists the spec's name), moves it to another spec, and ends it with null", async () => {
    const [type, gold, silver] = [await newType(), await newSpec(), await newSpec()];
    expect((await admin.request('PUT', `/api/cinder/volumetypes/${type.id}/qos`, { qos_specs_id: gold.id })).status).toBe(204);
    expect((await listedType(type.id))?.associated_qos_spec).toBe(gold.name);
    // One spec per type: the old association ends before the new one starts.
    expect((await admin.request('PUT', `/api/cinder/volumetypes/${type.id}/qos`, { qos_specs_id: silver.id })).status).toBe(204);
    expect((await listedType(type.id))?.associated_qos_spec).toBe(silver.name);
    expect((await admin.request('PUT', `/api/cinder/volumetypes/${type.id}/qos`, { qos_specs_id: null })).status).toBe(204);
    expect((await listedType(type.id))?.associated_qos_spec).toBeNull();
    expect((await admin.delete(`/api/cinder/qosspecs/${gold.id}/`)).status).toBe(204);
    expect(await listedSpec(gold.id)).toBeUndefined();
  });
});

describe('members are refused by the server', () => {
  it('every volume type and QoS spec write answers 403, and nothing changes', async () => {
    const [type, spec] = [await newType(), await newSpec()];
    const attempts = [
      demo.post('/api/cinder/volumetypes/', { name: uniqueName('member-type') }),
      demo.delete(`/api/cinder/volumetypes/${type.id}/`),
      demo.request('PATCH', `/api/cinder/volumetypes/${type.id}/metadata`, { updated: { a: 'b' }, removed: [] }),
      demo.request('PUT', `/api/cinder/volumetypes/${type.id}/qos`, { qos_specs_id: spec.id }),
      demo.post('/api/cinder/qosspecs/', { name: uniqueName('member-qos'), consumer: 'both' }),
      demo.delete(`/api/cinder/qosspecs/${spec.id}/`),
      demo.request('PATCH', `/api/cinder/qosspecs/${spec.id}/specs`, { updated: { a: 'b' }, removed: [] }),
      demo.request('PATCH', `/api/cinder/volumetypes/${type.id}/`, { name: uniqueName('member-edit'), description: '', is_public: false }),
      demo.request('PATCH', `/api/cinder/qosspecs/${spec.id}/`, { consumer: 'front-end' }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(403);
    expect((await demo.get('/api/cinder/qosspecs/')).status).toBe(403);
    expect(await listedType(type.id)).toMatchObject({ name: type.name, is_public: true, extra_specs: {}, associated_qos_spec: null });
    expect(await listedSpec(spec.id)).toMatchObject({ consumer: 'back-end', specs: { total_iops_sec: '500' } });
  });
});
