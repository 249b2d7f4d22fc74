import { describe, expect, it } from 'vitest';
import { stringifyWithInfinity } from '../../../server/json.js';

describe('unlimited limits are written 1e+999 (api-contract §1.8)', () => {
  it('writes Infinity as the bare token that JSON.parse reads back as Infinity', () => {
    const text = stringifyWithInfinity({ maxTotalCores: Infinity, totalCoresUsed: 3, name: 'Infinity' });
    expect(text).toBe('{"maxTotalCores":1e+999,"totalCoresUsed":3,"name":"Infinity"}');
    expect(JSON.parse(text).maxTotalCores).toBe(Infinity);
  });
});
