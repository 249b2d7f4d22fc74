import { describe, expect, it } from 'vitest';
import { sortFlavors } from '../../../server/api/nova/flavors.js';

const flavor = (name: string, ram: number, vcpus = 1) => ({ id: name, name, ram, vcpus, disk: 1 }) as unknown as Parameters<typeof sortFlavors>[0][number];
const names = (list: { name: string }[]) => list.map((item) => item.name);

describe('CREATE_INSTANCE_FLAVOR_SORT (Horizon sort_flavor_list)', () => {
  const flavors = [flavor('large', 8192, 4), flavor('tiny', 512), flavor('small', 2048), flavor('twin', 512, 2)];

  it('sorts by ram ascending by default, keeping the order of equals', () => {
    expect(names(sortFlavors(flavors, undefined))).toEqual(['tiny', 'twin', 'small', 'large']);
    expect(names(sortFlavors(flavors, {}))).toEqual(['tiny', 'twin', 'small', 'large']);
  });

  it('sorts by another field, reversed on request', () => {
    expect(names(sortFlavors(flavors, { key: 'name' }))).toEqual(['large', 'small', 'tiny', 'twin']);
    expect(names(sortFlavors(flavors, { key: 'vcpus', reverse: true }))[0]).toBe('large');
  });

  it('falls back to ram for a field the flavors do not have', () => {
    expect(names(sortFlavors(flavors, { key: 'colour' }))).toEqual(['tiny', 'twin', 'small', 'large']);
  });
});
