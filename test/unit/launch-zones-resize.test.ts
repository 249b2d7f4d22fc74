import { describe, expect, it } from 'vitest';
import { resizeChoices, resizeLimits } from '../../custom/launch/resize/rules';
import { zoneChoices } from '../../custom/launch/rules';

const zone = (zoneName: string, available = true) => ({ zoneName, zoneState: { available } });

describe('availability zone choices (spec 2 §4, §9)', () => {
  it('a single available zone is preselected', () => {
    expect(zoneChoices([zone('nova'), zone('down', false)], 'Any')).toEqual({ options: [{ label: 'nova', value: 'nova' }], selected: 'nova' });
  });

  it("several zones put 'Any Availability Zone' (empty value) first and choose it by default", () => {
    expect(zoneChoices([zone('az1'), zone('az2')], 'Any')).toEqual({
      options: [
        { label: 'Any Availability Zone', value: '' },
        { label: 'az1', value: 'az1' },
        { label: 'az2', value: 'az2' },
      ],
      selected: '',
    });
  });

  it("the default_availability_zone setting picks its zone, labelled '(default)'", () => {
    const { options, selected } = zoneChoices([zone('az1'), zone('az2')], 'az2');
    expect(selected).toBe('az2');
    expect(options.map((option) => option.label)).toEqual(['Any Availability Zone', 'az1', 'az2 (default)']);
  });

  it('no available zone gives no choice', () => {
    expect(zoneChoices([zone('down', false)], 'Any')).toEqual({ options: [], selected: null });
  });
});

describe('resize flavor choices (the launch flavor rules, one instance)', () => {
  const flavors = [
    { id: 'f1', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 },
    { id: 'f2', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 },
    { id: 'f3', name: 'm1.large', vcpus: 4, ram: 8192, disk: 80 },
  ];
  const old = { original_name: 'm1.small', vcpus: 1, ram: 2048 };

  it('the old flavor gives its cores and RAM back', () => {
    expect(resizeLimits({ maxTotalCores: 4, totalCoresUsed: 3, totalRAMUsed: 4096 }, old)).toMatchObject({ totalCoresUsed: 2, totalRAMUsed: 2048 });
  });

  it('leaves out the current flavor and flags the others with the launch messages', () => {
    const choices = resizeChoices(flavors, old, { maxTotalCores: 4, totalCoresUsed: 2, maxTotalRAMSize: 8192, totalRAMUsed: 2048 }, { id: 'img', min_disk: 10 });
    expect(choices.map(({ flavor, errors }) => [flavor.name, errors.length])).toEqual([
      ['m1.tiny', 1],
      ['m1.large', 1],
    ]);
    expect(choices[0].errors[0]).toContain('at least 10 GB of root disk');
    expect(choices[1].errors[0]).toBe('This flavor requires more VCPUs than your quota allows. Please select a smaller flavor or decrease the instance count.');
  });
});
