import { describe, expect, it } from 'vitest';
import healthmonitor from '../../resources/healthmonitor';
import listener from '../../resources/listener';
import loadbalancer from '../../resources/loadbalancer';
import member from '../../resources/member';
import pool from '../../resources/pool';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { applySets } from '../../src/forms/hints';
import { nestedLink, nestedRoutes } from '../../src/engine/nested';
import { createRegistry, detailLink } from '../../src/engine/registry';

/** The engine's nested resources (descriptor key `nested`) as the load balancer tree uses them (spec 3 §2.1). */
describe('nested details routes', () => {
  const registry = createRegistry([loadbalancer, listener, pool, member, healthmonitor]);

  it('derives every route of spec 3 §2.1: pools with and without the listener segment, members and monitors under both', () => {
    const routes = nestedRoutes(registry);
    expect(routes.map((route) => route.path).sort()).toEqual(
      [
        '/project/load_balancer/:n0',
        '/project/load_balancer/:n0/listeners/:n1',
        '/project/load_balancer/:n0/listeners/:n1/pools/:n2',
        '/project/load_balancer/:n0/listeners/:n1/pools/:n2/members/:n3',
        '/project/load_balancer/:n0/listeners/:n1/pools/:n2/healthmonitors/:n3',
        '/project/load_balancer/:n0/pools/:n1',
        '/project/load_balancer/:n0/pools/:n1/members/:n2',
        '/project/load_balancer/:n0/pools/:n1/healthmonitors/:n2',
      ].sort(),
    );
    const memberRoute = routes.find((route) => route.path.endsWith('/listeners/:n1/pools/:n2/members/:n3'))!;
    expect(memberRoute.chain.map((descriptor) => descriptor.name)).toEqual(['loadbalancer', 'listener', 'pool', 'member']);
  });

  it("links the root's rows under its panel and a tab's rows one level down the page's path", () => {
    expect(detailLink(loadbalancer, 'lb1')).toBe('/project/load_balancer/lb1');
    expect(nestedLink(pool, 'p1', '/project/load_balancer/lb1/listeners/l1')).toBe('/project/load_balancer/lb1/listeners/l1/pools/p1');
    expect(nestedLink(pool, 'p1', undefined)).toBeUndefined();
  });

  it("links a pool through its first listener from the load balancer's page, and straight down from the listener's (spec 3 §2.1)", () => {
    expect(nestedLink(pool, 'p1', '/project/load_balancer/lb1', { listenerId: 'l1' })).toBe('/project/load_balancer/lb1/listeners/l1/pools/p1');
    expect(nestedLink(pool, 'p1', '/project/load_balancer/lb1', { listenerId: null })).toBe('/project/load_balancer/lb1/pools/p1');
    expect(nestedLink(pool, 'p1', '/project/load_balancer/lb1/listeners/l2', { listenerId: 'l1' })).toBe('/project/load_balancer/lb1/listeners/l2/pools/p1');
  });

  it('refuses a parent that is not a nested resource, and a loop', () => {
    const orphan = { ...member, nested: { segment: 'members', parents: ['nothing'] } } as AnyResourceDescriptor;
    expect(() => nestedRoutes(createRegistry([orphan]))).toThrow('its parent nothing is not a nested resource');
    const a = { ...listener, name: 'a', type: 'A', nested: { segment: 'a', parents: ['b'] } } as AnyResourceDescriptor;
    const b = { ...listener, name: 'b', type: 'B', nested: { segment: 'b', parents: ['a'] } } as AnyResourceDescriptor;
    expect(() => nestedRoutes(createRegistry([a, b]))).toThrow('loop');
  });
});

describe('x-sets (spec 3 §4.1: the create toggles of the load balancer wizard)', () => {
  const properties = (loadbalancer.schema.$defs as { createForm: { properties: Record<string, never> } }).createForm.properties;

  it('creating a monitor turns creating the listener and the pool on', () => {
    expect(applySets(properties, { create_listener: false, create_pool: false, create_monitor: true }, { create_listener: false, create_pool: false, create_monitor: false })).toMatchObject({ create_listener: true, create_pool: true });
  });

  it('not creating the listener turns the pool and the monitor off; unchecking the pool turns the monitor off', () => {
    expect(applySets(properties, { create_listener: false, create_pool: true, create_monitor: true }, { create_listener: true, create_pool: true, create_monitor: true })).toMatchObject({ create_pool: false, create_monitor: false });
    expect(applySets(properties, { create_listener: true, create_pool: false, create_monitor: true }, { create_listener: true, create_pool: true, create_monitor: true })).toMatchObject({ create_monitor: false });
  });

  it('a port set by the protocol is raised by 1 while another listener has it (spec 3 §9.1); a field with nothing taken keeps the value', () => {
    const taken = { listener_port: new Set<unknown>([443, 444]) };
    expect(applySets(properties, { listener_protocol: 'TERMINATED_HTTPS' }, { listener_protocol: 'HTTP' }, taken)).toMatchObject({ listener_port: 445, member_port: 80 });
    expect(applySets(properties, { listener_protocol: 'HTTP' }, { listener_protocol: 'TCP' }, taken)).toMatchObject({ listener_port: 80, member_port: 80 });
    expect(applySets(properties, { listener_protocol: 'UDP' }, { listener_protocol: 'HTTP' }, taken)).toMatchObject({ listener_port: null, member_port: null });
  });

  it('only a change applies: an unchanged field sets nothing', () => {
    expect(applySets(properties, { create_listener: false, create_pool: true }, { create_listener: false, create_pool: true })).toEqual({ create_listener: false, create_pool: true });
  });

  it('TERMINATED_HTTPS moves the listener port to 443, HTTP back to 80 (spec 3 §9.1)', () => {
    expect(applySets(properties, { listener_protocol: 'TERMINATED_HTTPS', listener_port: 80 }, { listener_protocol: 'HTTP', listener_port: 80 }).listener_port).toBe(443);
    expect(applySets(properties, { listener_protocol: 'HTTP', listener_port: 443 }, { listener_protocol: 'TERMINATED_HTTPS', listener_port: 443 }).listener_port).toBe(80);
  });
});
