import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../../shared/catalog.js';
import { endpointUrl, serviceRegions } from '../../../server/openstack/catalog.js';

const endpoint = (iface: string, region: string, url: string) => ({ id: `${iface}-${region}`, interface: iface, region, region_id: region, url });
const catalog: CatalogEntry[] = [
  { id: '1', type: 'identity', name: 'keystone', endpoints: [endpoint('public', 'RegionOne', 'http://k/v3/')] },
  { id: '2', type: 'compute', name: 'nova', endpoints: [endpoint('public', 'RegionOne', 'http://n1/v2.1'), endpoint('internal', 'RegionOne', 'http://n1-int/v2.1'), endpoint('public', 'RegionTwo', 'http://n2/v2.1')] },
  { id: '3', type: 'volumev3', name: 'cinderv3', endpoints: [endpoint('public', 'RegionOne', 'http://c/v3/p')] },
];

describe('endpoint selection from the catalog', () => {
  it('picks the endpoint of the region and interface', () => {
    expect(endpointUrl(catalog, 'compute', 'RegionTwo', 'public')).toBe('http://n2/v2.1');
    expect(endpointUrl(catalog, 'compute', 'RegionOne', 'internal')).toBe('http://n1-int/v2.1');
  });

  it('finds Cinder under any of its catalog types', () => {
    expect(endpointUrl(catalog, 'block-storage', 'RegionOne', 'public')).toBe('http://c/v3/p');
  });

  it('identity is found whatever the region', () => {
    expect(endpointUrl(catalog, 'identity', 'Elsewhere', 'public')).toBe('http://k/v3');
  });

  it('a missing service is 501 "Invalid service catalog: <type>"', () => {
    expect(() => endpointUrl(catalog, 'object-store', 'RegionOne', 'public')).toThrow('Invalid service catalog: object-store');
    try {
      endpointUrl(catalog, 'object-store', 'RegionOne', 'public');
    } catch (error) {
      expect((error as { status: number }).status).toBe(501);
    }
  });

  it('service regions skip identity', () => {
    expect(serviceRegions(catalog)).toEqual(['RegionOne', 'RegionTwo']);
  });
});
