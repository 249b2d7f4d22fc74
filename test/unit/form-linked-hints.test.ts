import { describe, expect, it } from 'vitest';
import { applyFrom, disabledFields, type HintedNode, hintUiSchema, linkedSources, rangeChoices } from '../../src/forms/hints';
import { deniedFields } from '../../src/forms/form-schema';

/** The subnet step's hints (schemas/network.schema.json), reduced to what the rules read. */
const properties: Record<string, HintedNode> = {
  address_source: { type: 'string' },
  subnetpool_id: { type: 'string', 'x-switch': { field: 'address_source', values: ['subnetpool'] } },
  prefixlen: {
    type: 'integer',
    'x-choicesFrom': { field: 'subnetpool_id', source: 'subnetpools', min: 'min_prefixlen', max: 'max_prefixlen' },
    'x-from': { field: 'subnetpool_id', source: 'subnetpools', key: 'default_prefixlen' },
  },
  ip_version: { type: 'integer', 'x-from': { field: 'subnetpool_id', source: 'subnetpools', key: 'ip_version' }, 'x-disabledWhen': { field: 'address_source', values: ['subnetpool'] } },
};
const pools = { subnetpools: [
  { id: 'v4', ip_version: 4, min_prefixlen: 24, max_prefixlen: 28, default_prefixlen: 26 },
  { id: 'v6', ip_version: 6, min_prefixlen: 64, max_prefixlen: 66, default_prefixlen: 64 },
] };

describe('form hints that follow another field (x-from, x-choicesFrom, x-disabledWhen)', () => {
  it('names the option sources the form must load', () => {
    expect(linkedSources(properties)).toEqual(['subnetpools']);
    expect(linkedSources({ name: { type: 'string' } })).toEqual([]);
  });

  it('offers the whole numbers from the chosen item’s minimum to its maximum, none before a choice', () => {
    const hint = properties.prefixlen['x-choicesFrom']!;
    expect(rangeChoices(hint, { subnetpool_id: 'v4' }, pools.subnetpools)).toEqual([24, 25, 26, 27, 28]);
    expect(rangeChoices(hint, { subnetpool_id: 'v6' }, pools.subnetpools)).toEqual([64, 65, 66]);
    expect(rangeChoices(hint, {}, pools.subnetpools)).toEqual([]);
    expect(rangeChoices(hint, { subnetpool_id: 'gone' }, pools.subnetpools)).toEqual([]);
  });

  it('sets the version and the default prefix length from a newly chosen pool, and leaves the user’s choice alone otherwise', () => {
    const chosen = applyFrom(properties, { address_source: 'subnetpool', subnetpool_id: 'v6', ip_version: 4 }, { address_source: 'subnetpool', ip_version: 4 }, pools);
    expect(chosen).toMatchObject({ ip_version: 6, prefixlen: 64 });
    // The same pool, another prefix length picked by the user: kept.
    const picked = { ...chosen, prefixlen: 65 };
    expect(applyFrom(properties, picked, chosen, pools)).toBe(picked);
    // Items not loaded yet: nothing to copy.
    expect(applyFrom(properties, { subnetpool_id: 'v4' }, {}, {})).toEqual({ subnetpool_id: 'v4' });
  });

  it('disables the version while the address comes from a pool', () => {
    expect([...disabledFields(properties, { address_source: 'subnetpool' })]).toEqual(['ip_version']);
    expect([...disabledFields(properties, { address_source: 'manual' })]).toEqual([]);
  });

  it('renders a textarea for x-widget textarea', () => {
    expect(hintUiSchema({ type: 'string', 'x-widget': 'textarea' })).toEqual({ 'ui:widget': 'textarea', 'ui:options': { rows: 3 } });
  });
});

describe('x-from lists and modes (a volume size that follows its source, as Horizon’s Create Volume)', () => {
  const items = { images: [{ id: 'img', name: 'cirros', volume_size: 3 }], snapshots: [{ id: 'snap', name: 'nightly', volume_size: 2 }] };
  const properties: Record<string, HintedNode> = {
    image_id: { type: 'string' },
    snapshot_id: { type: 'string' },
    name: {
      type: 'string',
      'x-from': [
        { field: 'image_id', source: 'images', key: 'name', mode: 'fill' },
        { field: 'snapshot_id', source: 'snapshots', key: 'name', mode: 'fill' },
      ],
    },
    size: {
      type: 'integer',
      'x-from': [
        { field: 'image_id', source: 'images', key: 'volume_size' },
        { field: 'snapshot_id', source: 'snapshots', key: 'volume_size', mode: 'raise' },
      ],
    },
  };

  it('reads every source of the list', () => {
    expect(linkedSources(properties).sort()).toEqual(['images', 'snapshots']);
  });

  it("'set' takes the item's value; 'fill' only fills an empty field", () => {
    expect(applyFrom(properties, { image_id: 'img', size: 8, name: '' }, { size: 8, name: '' }, items)).toEqual({ image_id: 'img', size: 3, name: 'cirros' });
    expect(applyFrom(properties, { image_id: 'img', size: 1, name: 'mine' }, { size: 1, name: 'mine' }, items)).toEqual({ image_id: 'img', size: 3, name: 'mine' });
  });

  it("'raise' only makes a number larger", () => {
    expect(applyFrom(properties, { snapshot_id: 'snap', size: 1 }, { size: 1 }, items)).toMatchObject({ size: 2 });
    expect(applyFrom(properties, { snapshot_id: 'snap', size: 8 }, { size: 8 }, items)).toMatchObject({ size: 8 });
  });
});

describe('fields offered by policy (x-policy)', () => {
  const form = { type: 'object', properties: { name: { type: 'string' }, shared: { type: 'boolean', 'x-policy': [['network', 'create_network:shared']] } } } as never;

  it('hides a field whose rules do not pass, or when nothing can check them', async () => {
    expect([...(await deniedFields(form, async () => false))]).toEqual(['shared']);
    expect([...(await deniedFields(form))]).toEqual(['shared']);
    expect([...(await deniedFields(form, async () => Promise.reject(new Error('down'))))]).toEqual(['shared']);
  });

  it('offers it when they pass, asking with the field’s rules', async () => {
    const asked: unknown[] = [];
    expect([...(await deniedFields(form, async (rules) => (asked.push(rules), true)))]).toEqual([]);
    expect(asked).toEqual([[['network', 'create_network:shared']]]);
  });
});

describe('fields offered with an extension (x-extension)', () => {
  const form = {
    type: 'object',
    properties: { name: { type: 'string' }, availability_zone_hints: { type: 'array', items: { type: 'string' }, 'x-extension': { service: 'neutron', alias: 'network_availability_zone' } } },
  } as never;
  const allow = async () => true;

  it('hides the field when the extension is not enabled, cannot be checked or the check fails', async () => {
    expect([...(await deniedFields(form, allow, async () => false))]).toEqual(['availability_zone_hints']);
    expect([...(await deniedFields(form, allow))]).toEqual(['availability_zone_hints']);
    expect([...(await deniedFields(form, allow, async () => Promise.reject(new Error('down'))))]).toEqual(['availability_zone_hints']);
  });

  it('offers it when the service has the extension, asking by service and alias', async () => {
    const asked: unknown[] = [];
    expect([...(await deniedFields(form, allow, async (service, alias) => (asked.push([service, alias]), true)))]).toEqual([]);
    expect(asked).toEqual([['neutron', 'network_availability_zone']]);
  });
});
