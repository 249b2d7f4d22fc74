import { describe, expect, it } from 'vitest';
import { quotaChartData } from '../../src/charts/QuotaChart';
import { LAUNCH_MESSAGES } from '../../custom/launch/model';
import {
  adjustedVolumeSize,
  eligibleNetworks,
  eligiblePorts,
  flavorErrors,
  flavorQuotaCharts,
  instanceCountErrors,
  minVolumeSize,
  networkErrors,
  normalisedCount,
  userDataErrors,
  volumeSizeErrors,
} from '../../custom/launch/rules';

const GIB = 1073741824;
const limits = { maxTotalInstances: 10, totalInstancesUsed: 2, maxTotalCores: 8, totalCoresUsed: 6, maxTotalRAMSize: 8192, totalRAMUsed: 4096 };
const small = { vcpus: 1, ram: 2048, disk: 20 };

describe('flavor disabling rules (spec 2 §5, spec 1 §5)', () => {
  it('a flavor within the quota and the source minimums is enabled', () => {
    expect(flavorErrors(small, { instanceCount: 1, limits, sourceType: 'image', source: { id: 'i', min_disk: 10, min_ram: 512 } })).toEqual({});
  });

  it('count × RAM beyond the remaining RAM quota disables the flavor with the RAM message', () => {
    expect(flavorErrors({ ...small, ram: 3000 }, { instanceCount: 2, limits, sourceType: null, source: null })).toEqual({ ram: LAUNCH_MESSAGES.flavorRam });
    expect(LAUNCH_MESSAGES.flavorRam).toBe('This flavor requires more RAM than your quota allows. Please select a smaller flavor or decrease the instance count.');
  });

  it('count × VCPUs beyond the remaining cores disables the flavor with the VCPU message', () => {
    expect(flavorErrors({ ...small, vcpus: 2 }, { instanceCount: 2, limits, sourceType: null, source: null })).toEqual({
      vcpus: 'This flavor requires more VCPUs than your quota allows. Please select a smaller flavor or decrease the instance count.',
    });
  });

  it('an unlimited quota never disables a flavor', () => {
    const unlimited = { maxTotalCores: Infinity, maxTotalRAMSize: -1, totalCoresUsed: 500, totalRAMUsed: 10 ** 6 };
    expect(flavorErrors({ vcpus: 64, ram: 262144, disk: 0 }, { instanceCount: 10, limits: unlimited, sourceType: null, source: null })).toEqual({});
  });

  it('a source min_disk above the root disk asks for at least N GB', () => {
    expect(flavorErrors(small, { instanceCount: 1, limits, sourceType: 'image', source: { id: 'i', min_disk: 40 } })).toEqual({
      disk: 'The selected image source requires a flavor with at least 40 GB of root disk. Select a flavor with a larger root disk or use a different image source.',
    });
  });

  it('a root disk of 0 fits any min_disk', () => {
    expect(flavorErrors({ ...small, disk: 0 }, { instanceCount: 1, limits, sourceType: 'image', source: { id: 'i', min_disk: 40 } })).toEqual({});
  });

  it('a source min_ram above the flavor RAM asks for at least N MB', () => {
    expect(flavorErrors(small, { instanceCount: 1, limits, sourceType: 'snapshot', source: { id: 's', min_ram: 4096 } })).toEqual({
      ram: 'The selected snapshot source requires a flavor with at least 4096 MB of RAM. Select a flavor with more RAM or use a different snapshot source.',
    });
  });

  it('a volume with image metadata takes min_disk as 0 and min_ram from the metadata', () => {
    const volume = { id: 'v', min_disk: 100, volume_image_metadata: { min_ram: '4096', min_disk: '100' } };
    expect(flavorErrors(small, { instanceCount: 1, limits, sourceType: 'volume', source: volume })).toEqual({
      ram: 'The selected volume source requires a flavor with at least 4096 MB of RAM. Select a flavor with more RAM or use a different volume source.',
    });
  });

  it('volume snapshot sources are not checked against minimums', () => {
    expect(flavorErrors(small, { instanceCount: 1, limits, sourceType: 'volume_snapshot', source: { id: 'vs', min_disk: 100 } })).toEqual({});
  });
});

describe('volume size rules (spec 2 §5, spec 1 §5)', () => {
  it('the minimum is the larger of the image size in GiB and min_disk, rounded up', () => {
    expect(minVolumeSize('image', { id: 'i', size: 1.2 * GIB, min_disk: 1 })).toBe(2);
    expect(minVolumeSize('snapshot', { id: 's', size: 0.1 * GIB, min_disk: 5 })).toBe(5);
    expect(minVolumeSize('volume', { id: 'v', size: 50, min_disk: 5 })).toBe(0);
  });

  it('a size below the minimum gives the minimum message', () => {
    const source = [{ id: 'i', size: 3 * GIB, min_disk: 0 }];
    expect(volumeSizeErrors({ vol_create: true, vol_size: 2, source_type: 'image', source })).toEqual(['The volume size must be at least 3 GB']);
    expect(volumeSizeErrors({ vol_create: true, vol_size: 3, source_type: 'image', source })).toEqual([]);
  });

  it('a size that is not a whole number is refused', () => {
    expect(volumeSizeErrors({ vol_create: true, vol_size: 2.5, source_type: 'image', source: [] })).toEqual(['Volume size is required and must be an integer']);
    expect(volumeSizeErrors({ vol_create: true, vol_size: Number.NaN, source_type: 'image', source: [] })).toEqual(['Volume size is required and must be an integer']);
  });

  it('without a new volume the size is not checked', () => {
    expect(volumeSizeErrors({ vol_create: false, vol_size: 0, source_type: 'image', source: [] })).toEqual([]);
  });

  it('the size is raised to the flavor root disk and the source minimum, never below 1', () => {
    expect(adjustedVolumeSize(1, { flavorDisk: 20 })).toBe(20);
    expect(adjustedVolumeSize(1, { minimum: 3, flavorDisk: 0 })).toBe(3);
    expect(adjustedVolumeSize(50, { minimum: 3, flavorDisk: 20 })).toBe(50);
    expect(adjustedVolumeSize(0, {})).toBe(1);
  });
});

describe('instance count (spec 2 §5)', () => {
  it('must be a whole number of at least 1', () => {
    expect(instanceCountErrors(0, limits)).toEqual(['Instance count is required and must be an integer of at least 1']);
    expect(instanceCountErrors(1.5, limits)).toEqual(['Instance count is required and must be an integer of at least 1']);
  });

  it('must not exceed the quota available', () => {
    expect(instanceCountErrors(9, limits)).toEqual(['The instance count must not exceed your quota available of 8 instances']);
    expect(instanceCountErrors(8, limits)).toEqual([]);
  });

  it('0 or less is reset to 1', () => {
    expect(normalisedCount(0)).toBe(1);
    expect(normalisedCount(-3)).toBe(1);
    expect(normalisedCount(4)).toBe(4);
  });
});

describe('networks, ports and the script (spec 2 §5, §9)', () => {
  it('only networks with at least one subnet are offered', () => {
    expect(eligibleNetworks([{ id: 'a', subnets: [{}] }, { id: 'b', subnets: [] }, { id: 'c' }]).map((n) => n.id)).toEqual(['a']);
  });

  it('only ports with empty device_owner, admin state UP and no trunk_id are offered', () => {
    const ports = [
      { id: 'free', device_owner: '', admin_state: 'UP' },
      { id: 'owned', device_owner: 'compute:nova', admin_state: 'UP' },
      { id: 'down', device_owner: '', admin_state: 'DOWN' },
      { id: 'sub', device_owner: '', admin_state: 'UP', trunk_id: 't-1' },
      { id: 'flag-down', device_owner: '', admin_state_up: false },
    ];
    expect(eligiblePorts(ports).map((port) => port.id)).toEqual(['free']);
  });

  it('at least one network unless a port is chosen', () => {
    expect(networkErrors({ networks: [], ports: [] })).toHaveLength(1);
    expect(networkErrors({ networks: [], ports: [{ id: 'p' }] })).toEqual([]);
    expect(networkErrors({ networks: [{ id: 'n' }], ports: [] })).toEqual([]);
  });

  it('the customization script is limited to 16 KiB', () => {
    expect(userDataErrors('x'.repeat(16 * 1024 - 1))).toEqual([]);
    expect(userDataErrors('x'.repeat(16 * 1024))).toEqual(['The content is larger than the maximum byte size']);
    // Bytes, not characters: 'é' is two bytes in UTF-8.
    expect(userDataErrors('é'.repeat(8 * 1024))).toEqual(['The content is larger than the maximum byte size']);
  });
});

describe('quota charts (spec 2 §4: rounded (used+added)/max·100, over max above 100)', () => {
  it('the flavor step charts add count × flavor to what is used', () => {
    const charts = flavorQuotaCharts(small, { instance_count: 2, vol_create: false, vol_size: 1 }, limits, null).map(quotaChartData);
    expect(charts.map((chart) => [chart.title, chart.label, chart.overMax])).toEqual([
      ['Total Instances', '40%', false],
      ['Total VCPUs', '100%', false],
      ['Total RAM', '100%', false],
    ]);
  });

  it('is flagged over max above 100 percent', () => {
    const [, vcpus] = flavorQuotaCharts({ ...small, vcpus: 2 }, { instance_count: 2, vol_create: false, vol_size: 1 }, limits, null).map(quotaChartData);
    expect(vcpus.label).toBe('125%');
    expect(vcpus.overMax).toBe(true);
  });

  it('volume charts count the new volumes and the larger of flavor disk and volume size', () => {
    const volumeLimits = { maxTotalVolumes: 10, totalVolumesUsed: 1, maxTotalVolumeGigabytes: 1000, totalGigabytesUsed: 100 };
    const [, , , volumes, storage] = flavorQuotaCharts(small, { instance_count: 2, vol_create: true, vol_size: 30 }, limits, volumeLimits);
    expect(volumes).toMatchObject({ title: 'Total Volumes', used: 1, added: 2, max: 10 });
    expect(storage).toMatchObject({ title: 'Total Volume Storage', used: 100, added: 60, max: 1000, unit: 'GiB' });
    expect(quotaChartData(storage).label).toBe('16%');
  });
});
