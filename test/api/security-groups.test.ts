import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { closeNeutronTestBed, NativeNeutron, openNeutronTestBed } from './neutron-native.js';

/** The Security Groups panel's routes beside the contract's list (not in the contract: Horizon's views). */

let cloud: TestCloud, demo: ApiClient, admin: ApiClient, demoNative: NativeNeutron, adminNative: NativeNeutron;

beforeAll(async () => {
  ({ cloud, demo, admin, demoNative, adminNative } = await openNeutronTestBed());
});
afterAll(() => closeNeutronTestBed({ cloud, demoNative, adminNative }), 120_000);

const patch = (client: ApiClient, path: string, body: unknown) => client.request('PATCH', path, body);

/** Creates a group through /api and deletes it natively at clean-up. */
async function apiGroup(client: ApiClient, native: NativeNeutron, body: Record<string, unknown>) {
  const response = await client.post('/api/network/securitygroups/', body);
  expect(response.status).toBe(201);
  native.deleteLater(`/security-groups/${response.body.id}`);
  return response.body as { id: string; name: string; security_group_rules: Record<string, unknown>[] };
}

async function defaultGroupOf(client: ApiClient) {
  const groups = (await client.get('/api/network/securitygroups/')).body.items as { id: string; name: string }[];
  return groups.find((group) => group.name === 'default')!;
}

describe('security groups', () => {
  it('creates a group: 201, Location, the native shape with its two egress rules and no normalised rules', async () => {
    const name = uniqueName('api-sg');
    const response = await demo.post('/api/network/securitygroups/', { name, description: 'web tier' });
    expect(response.status).toBe(201);
    demoNative.deleteLater(`/security-groups/${response.body.id}`);
    expect(response.headers.get('location')).toBe(`/api/network/securitygroups/${response.body.id}`);
    expect(response.body).toMatchObject({ name, description: 'web tier', tenant_id: demoNative.projectId, project_id: demoNative.projectId, stateful: true });
    expect(response.body).not.toHaveProperty('rules');
    const rules = response.body.security_group_rules as { direction: string; ethertype: string }[];
    expect(rules.map((rule) => `${rule.direction} ${rule.ethertype}`).sort()).toEqual(['egress IPv4', 'egress IPv6']);
  });

  it('reads one group, edits its name and description, and deletes it', async () => {
    const group = await apiGroup(demo, demoNative, { name: uniqueName('api-sg-edit') });
    const read = await demo.get(`/api/network/securitygroups/${group.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: group.id, name: group.name, description: '' });
    expect(read.body.security_group_rules[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), direction: 'egress', security_group_id: group.id, port_range_min: null, remote_ip_prefix: null, remote_group_id: null }),
    );
    const renamed = uniqueName('api-sg-renamed');
    const edited = await patch(demo, `/api/network/securitygroups/${group.id}/`, { name: renamed, description: 'after' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: group.id, name: renamed, description: 'after' });
    expect((await demo.delete(`/api/network/securitygroups/${group.id}/`)).status).toBe(204);
    expect((await demo.get(`/api/network/securitygroups/${group.id}/`)).status).toBe(404);
  });

  it('a partial group update changes only what it sends: a description alone keeps the name', async () => {
    const group = await apiGroup(demo, demoNative, { name: uniqueName('api-sg-partial') });
    const edited = await patch(demo, `/api/network/securitygroups/${group.id}/`, { description: 'only this' });
    expect(edited.status).toBe(200);
    expect((await demo.get(`/api/network/securitygroups/${group.id}/`)).body).toMatchObject({ name: group.name, description: 'only this' });
    expect((await demo.delete(`/api/network/securitygroups/${group.id}/`)).status).toBe(204);
  });

  it("refuses to delete or rename the project's default group in Neutron's words", async () => {
    const group = await defaultGroupOf(demo);
    const deleted = await demo.delete(`/api/network/securitygroups/${group.id}/`);
    expect(deleted.status).toBe(409);
    // The default group may hold other tests' ports (the layer shares one cloud, as a real one is shared), and
    // Neutron names that first.
    const reasons = ['Insufficient rights for removing default security group.', `Security Group ${group.id} in use.`];
    expect(reasons).toContain(deleted.body);
    const renamed = await patch(demo, `/api/network/securitygroups/${group.id}/`, { name: 'not-default' });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toBe('Updating default security group not allowed.');
  });

  it('validates bodies and names the field', async () => {
    const noName = await demo.post('/api/network/securitygroups/', { description: 'x' });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatch(/name/);
    const longDescription = await demo.post('/api/network/securitygroups/', { name: 'x', description: 'd'.repeat(256) });
    expect(longDescription.status).toBe(400);
    expect(longDescription.body).toMatch(/description/);
    const stranger = await demo.post('/api/network/securitygroups/', { name: 'x', tenant_id: 'someone-else' });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatch(/tenant_id/);
    const emptyEdit = await patch(demo, '/api/network/securitygroups/whatever/', {});
    expect(emptyEdit.status).toBe(400);
  });

  it("keeps demo out of admin's groups: not listed, not readable, not changeable", async () => {
    const group = await apiGroup(admin, adminNative, { name: uniqueName('api-sg-admin') });
    const listed = (await demo.get('/api/network/securitygroups/')).body.items as { id: string }[];
    expect(listed.map((item) => item.id)).not.toContain(group.id);
    expect((await demo.get(`/api/network/securitygroups/${group.id}/`)).status).toBe(404);
    expect((await patch(demo, `/api/network/securitygroups/${group.id}/`, { name: 'taken-over' })).status).toBe(404);
    expect((await demo.delete(`/api/network/securitygroups/${group.id}/`)).status).toBe(404);
    const rule = await demo.post('/api/network/securitygrouprules/', { security_group_id: group.id, direction: 'ingress', protocol: 'tcp', port_range_min: 22, port_range_max: 22 });
    expect(rule.status).toBe(404);
    const adminRule = (await admin.get(`/api/network/securitygroups/${group.id}/`)).body.security_group_rules[0] as { id: string };
    expect((await demo.delete(`/api/network/securitygrouprules/${adminRule.id}/`)).status).toBe(404);
    expect((await admin.get(`/api/network/securitygroups/${group.id}/`)).body.name).toBe(group.name);
  });
});

describe('security group rules', () => {
  it('adds an SSH rule and a port-range rule, lists them in the group, and deletes one', async () => {
    const group = await apiGroup(demo, demoNative, { name: uniqueName('api-sg-rules') });
    const ssh = await demo.post('/api/network/securitygrouprules/', {
      security_group_id: group.id, direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 22, port_range_max: 22, remote_ip_prefix: '0.0.0.0/0', description: 'ssh in',
    });
    expect(ssh.status).toBe(201);
    expect(ssh.headers.get('location')).toBe(`/api/network/securitygrouprules/${ssh.body.id}`);
    expect(ssh.body).toMatchObject({ security_group_id: group.id, direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 22, port_range_max: 22, remote_ip_prefix: '0.0.0.0/0', description: 'ssh in' });
    const range = await demo.post('/api/network/securitygrouprules/', {
      security_group_id: group.id, direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 8000, port_range_max: 8080, remote_ip_prefix: '10.0.0.0/8',
    });
    expect(range.status).toBe(201);
    const fromGroup = await demo.post('/api/network/securitygrouprules/', { security_group_id: group.id, direction: 'ingress', ethertype: 'IPv6', protocol: 'icmp', remote_group_id: group.id });
    expect(fromGroup.status).toBe(201);
    expect(fromGroup.body).toMatchObject({ remote_group_id: group.id, remote_ip_prefix: null, ethertype: 'IPv6' });
    const rules = (await demo.get(`/api/network/securitygroups/${group.id}/`)).body.security_group_rules as { id: string }[];
    expect(rules.map((rule) => rule.id)).toEqual(expect.arrayContaining([ssh.body.id, range.body.id, fromGroup.body.id]));
    expect((await demo.delete(`/api/network/securitygrouprules/${range.body.id}/`)).status).toBe(204);
    const after = (await demo.get(`/api/network/securitygroups/${group.id}/`)).body.security_group_rules as { id: string }[];
    expect(after.map((rule) => rule.id)).not.toContain(range.body.id);
    expect((await demo.delete(`/api/network/securitygrouprules/${range.body.id}/`)).status).toBe(404);
  });

  it("refuses a duplicate rule and bad port ranges in Neutron's words", async () => {
    const group = await apiGroup(demo, demoNative, { name: uniqueName('api-sg-dup') });
    const body = { security_group_id: group.id, direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 80, port_range_max: 80, remote_ip_prefix: '0.0.0.0/0' };
    const first = await demo.post('/api/network/securitygrouprules/', body);
    expect(first.status).toBe(201);
    const again = await demo.post('/api/network/securitygrouprules/', body);
    expect(again.status).toBe(409);
    expect(again.body).toBe(`Security group rule already exists. Rule id is ${first.body.id}.`);
    const reversed = await demo.post('/api/network/securitygrouprules/', { ...body, port_range_min: 90, port_range_max: 80 });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toBe('For TCP/UDP protocols, port_range_min must be <= port_range_max');
    const wrongVersion = await demo.post('/api/network/securitygrouprules/', { ...body, port_range_min: 81, port_range_max: 81, remote_ip_prefix: '2001:db8::/64' });
    expect(wrongVersion.status).toBe(400);
    expect(wrongVersion.body).toBe('Conflicting value ethertype IPv4 for CIDR 2001:db8::/64');
  });

  it('validates rule bodies and names the field', async () => {
    const group = await defaultGroupOf(demo);
    const noDirection = await demo.post('/api/network/securitygrouprules/', { security_group_id: group.id });
    expect(noDirection.status).toBe(400);
    expect(noDirection.body).toMatch(/direction/);
    const sideways = await demo.post('/api/network/securitygrouprules/', { security_group_id: group.id, direction: 'sideways' });
    expect(sideways.status).toBe(400);
    expect(sideways.body).toMatch(/direction/);
    const bigPort = await demo.post('/api/network/securitygrouprules/', { security_group_id: group.id, direction: 'ingress', protocol: 'tcp', port_range_min: 70000, port_range_max: 70000 });
    expect(bigPort.status).toBe(400);
    expect(bigPort.body).toMatch(/port_range_min/);
    const noGroup = await demo.post('/api/network/securitygrouprules/', { direction: 'ingress' });
    expect(noGroup.status).toBe(400);
    expect(noGroup.body).toMatch(/security_group_id/);
  });
});
