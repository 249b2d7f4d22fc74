import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud } from '../support/cloud.js';

let cloud: TestCloud;
let demo: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

interface Namespace {
  namespace: string;
  resource_type_associations: { name: string; prefix?: string; properties_target?: string }[];
  properties?: Record<string, { type: string; enum?: string[]; items?: { enum?: string[] } }>;
  objects?: { name: string; properties: Record<string, unknown> }[];
}

describe('/api/glance/metadefs/', () => {
  it('lists resource types as {items:[{name, created_at, updated_at}]}', async () => {
    const response = await demo.get('/api/glance/metadefs/resourcetypes/');
    expect(response.status).toBe(200);
    for (const item of response.body.items) expect(Object.keys(item).sort()).toEqual(['created_at', 'name', 'updated_at']);
    if (!cloud.isRealCloud) expect(response.body.items.map((item: { name: string }) => item.name)).toContain('OS::Glance::Image');
  });

  it('lists the namespaces of a resource type in full, property names with its prefix', async () => {
    const response = await demo.get('/api/glance/metadefs/namespaces/?resource_type=OS::Nova::Flavor');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ has_more_data: false, has_prev_data: false });
    const items = response.body.items as Namespace[];
    for (const ns of items) expect(ns.resource_type_associations.map((assoc) => assoc.name)).toContain('OS::Nova::Flavor');
    if (cloud.isRealCloud) return; // the real cloud here has no metadata definitions loaded
    const cpu = items.find((ns) => ns.namespace === 'OS::Compute::CPUPinning')!;
    expect(Object.keys(cpu.properties!)).toContain('hw:cpu_policy');
    const forImages = ((await demo.get('/api/glance/metadefs/namespaces/?resource_type=OS::Glance::Image')).body.items as Namespace[]).find((ns) => ns.namespace === 'OS::Compute::CPUPinning')!;
    expect(Object.keys(forImages.properties!)).toContain('hw_cpu_policy');
  });

  it('covers string, integer, number, boolean and array-with-enum properties (seeded)', async () => {
    if (cloud.isRealCloud) return;
    const types = new Set<string>();
    for (const resourceType of ['OS::Glance::Image', 'OS::Nova::Flavor', 'OS::Nova::Aggregate', 'OS::Cinder::Volume']) {
      for (const ns of (await demo.get(`/api/glance/metadefs/namespaces/?resource_type=${resourceType}`)).body.items as Namespace[]) {
        for (const property of Object.values(ns.properties ?? {})) types.add(property.type === 'array' && property.items?.enum ? 'array-enum' : property.type);
      }
    }
    expect([...types]).toEqual(expect.arrayContaining(['string', 'integer', 'number', 'boolean', 'array-enum']));
  });

  it('keeps only the namespaces whose association has the asked properties_target', async () => {
    if (cloud.isRealCloud) return;
    const all = (await demo.get('/api/glance/metadefs/namespaces/?resource_type=OS::Cinder::Volume')).body.items as Namespace[];
    const images = (await demo.get('/api/glance/metadefs/namespaces/?resource_type=OS::Cinder::Volume&properties_target=image')).body.items as Namespace[];
    expect(images.length).toBeGreaterThan(0);
    expect(images.length).toBeLessThan(all.length);
    for (const ns of images) expect(ns.resource_type_associations.find((assoc) => assoc.name === 'OS::Cinder::Volume')?.properties_target).toBe('image');
  });
});
