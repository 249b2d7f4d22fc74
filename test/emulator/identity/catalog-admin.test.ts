import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Keystone's catalog administration: /v3/regions, /v3/services, /v3/endpoints (issue 23). */

let cloud: TestEmulator;
let admin: string;
let demo: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: Body) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('services', () => {
  it('lists the built-in services, creates one keeping its description, updates and deletes it', async () => {
    const types = (await call('GET', '/services', admin)).body.services.map((service: Body) => service.type);
    expect(types).toEqual(expect.arrayContaining(['identity', 'compute', 'image', 'network', 'volumev3']));
    const created = await call('POST', '/services', admin, { service: { type: 'tempest-type', name: 'svc', description: 'a service' } });
    expect(created.status).toBe(201);
    expect(created.body.service).toMatchObject({ type: 'tempest-type', name: 'svc', description: 'a service', enabled: true });
    const id = created.body.service.id;
    expect((await call('PATCH', `/services/${id}`, admin, { service: { description: 'changed' } })).body.service.description).toBe('changed');
    expect((await call('GET', '/services?type=tempest-type', admin)).body.services.map((service: Body) => service.id)).toEqual([id]);
    expect((await call('DELETE', `/services/${id}`, admin)).status).toBe(204);
    expect((await call('GET', `/services/${id}`, admin)).status).toBe(404);
  });

  it('is refused to a member (403)', async () => {
    expect((await call('POST', '/services', demo, { service: { type: 'x' } })).status).toBe(403);
  });
});

describe('endpoints and regions', () => {
  it('creates an endpoint in a region it names (the region appears), filters, updates, and refuses enabled as a string', async () => {
    const service = (await call('POST', '/services', admin, { service: { type: 'ep-type', name: 'ep' } })).body.service;
    const created = await call('POST', '/endpoints', admin, { endpoint: { service_id: service.id, interface: 'public', url: 'http://example.test:9000/v1', region: 'region-ep', enabled: true } });
    expect(created.status).toBe(201);
    expect(created.body.endpoint).toMatchObject({ service_id: service.id, interface: 'public', url: 'http://example.test:9000/v1', region_id: 'region-ep', enabled: true });
    expect((await call('GET', '/regions/region-ep', admin)).body.region).toMatchObject({ id: 'region-ep', parent_region_id: null });
    const id = created.body.endpoint.id;
    expect((await call('GET', `/endpoints?service_id=${service.id}`, admin)).body.endpoints.map((endpoint: Body) => endpoint.id)).toEqual([id]);
    const updated = await call('PATCH', `/endpoints/${id}`, admin, { endpoint: { interface: 'internal', url: 'http://example.test:9001/v1' } });
    expect(updated.body.endpoint).toMatchObject({ interface: 'internal', url: 'http://example.test:9001/v1' });
    expect((await call('POST', '/endpoints', admin, { endpoint: { service_id: service.id, interface: 'public', url: 'http://x.test/', enabled: 'False' } })).status).toBe(400);
    expect((await call('DELETE', '/regions/region-ep', admin)).status).toBe(403);
    expect((await call('DELETE', `/endpoints/${id}`, admin)).status).toBe(204);
    expect((await call('DELETE', '/regions/region-ep', admin)).status).toBe(204);
  });

  it('shows the built-in endpoints with their URL, and the token catalog is unchanged', async () => {
    const endpoints = (await call('GET', '/endpoints?interface=public', admin)).body.endpoints;
    expect(endpoints.find((endpoint: Body) => endpoint.url.endsWith('/cloud/compute/v2.1'))).toMatchObject({ region_id: 'RegionOne', enabled: true });
    const catalog = (await call('GET', '/auth/catalog', demo)).body.catalog;
    expect(catalog.find((service: Body) => service.type === 'volumev3').endpoints[0].url).toMatch(/\/cloud\/volume\/v3\/[0-9a-f]{32}$/);
  });

  it('creates regions with a parent, lists children, and refuses a circular parent', async () => {
    const parent = (await call('POST', '/regions', admin, { region: { description: 'parent' } })).body.region;
    const child = await call('PUT', '/regions/child-region', admin, { region: { parent_region_id: parent.id } });
    expect(child.status).toBe(201);
    expect((await call('GET', `/regions?parent_region_id=${parent.id}`, admin)).body.regions.map((region: Body) => region.id)).toEqual(['child-region']);
    expect((await call('PATCH', `/regions/${parent.id}`, admin, { region: { parent_region_id: 'child-region' } })).status).toBe(400);
  });
});
