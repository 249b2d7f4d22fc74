import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import volume from '../../resources/volume';
import { entitySchema, formatValue } from '../../src/schema/fields';

describe('values shown to people (issue 14: no raw values)', () => {
  it("shows an empty map or list as '-', never '{}' or nothing", () => {
    expect(formatValue(volume, 'metadata', {})).toBe('-');
    expect(formatValue(volume, 'metadata', [])).toBe('-');
  });

  it("shows a map as 'key: value' lines", () => {
    expect(formatValue(volume, 'metadata', { role: 'db', tier: '1' })).toBe('role: db\ntier: 1');
  });

  it('declares every timestamp of every resource as a date, so that it goes through the one date formatter', () => {
    const undeclared = resources.flatMap((descriptor) =>
      Object.entries(entitySchema(descriptor).properties ?? {})
        .filter(([field]) => /(_at|^created|^updated)$/.test(field))
        .filter(([, schema]) => !['date-time', 'date'].includes(String((schema as { format?: string }).format)))
        .map(([field]) => `${descriptor.name}.${field}`),
    );
    expect(undeclared).toEqual([]);
  });
});
