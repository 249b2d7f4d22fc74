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
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(403);
    expect((await demo.get('/api/cinder/qosspecs/')).status).toBe(403);
    expect(await listedType(type.id)).toMatchObject({ extra_specs: {}, associated_qos_spec: null });
    expect((await listedSpec(spec.id))?.specs).toEqual({ total_iops_sec: '500' });
  });
});
