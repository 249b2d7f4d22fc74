import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { PENDING } from '../../resources/shared/lbaas';

// Spec 3 §8.1: what Octavia provisions is PENDING_* until it settles, and its table shows the change without a reload.
describe('load balancer tables follow provisioning (spec 3 §8.1)', () => {
  it('polls every Octavia resource that shows a provisioning status while it is pending', () => {
    const provisioned = resources.filter((descriptor) => descriptor.service === 'lbaas' && descriptor.columns.some((column) => column.field === 'provisioning_status'));
    expect(provisioned.map((descriptor) => descriptor.name)).toEqual(expect.arrayContaining(['loadbalancer', 'listener', 'pool', 'member']));
    for (const descriptor of provisioned) expect({ name: descriptor.name, poll: descriptor.poll }).toEqual({ name: descriptor.name, poll: { field: 'provisioning_status', values: PENDING } });
  });
});
