import { describe, expect, it } from 'vitest';
import { relabelledJson, stringifyWithInfinity } from '../../../server/json.js';

describe('unlimited limits are written 1e+999 (api-contract §1.8)', () => {
  it('writes Infinity as the bare token that JSON.parse reads back as Infinity', () => {
    const text = stringifyWithInfinity({ maxTotalCores: Infinity, totalCoresUsed: 3, name: 'Infinity' });
    expect(text).toBe('{"maxTotalCores":1e+999,"totalCoresUsed":3,"name":"Infinity"}');
    expect(JSON.parse(text).maxTotalCores).toBe(Infinity);
  });
});

describe('a list handed on as the service wrote it', () => {
  const answer = (text: string) => ({ text, body: JSON.parse(text) as unknown });

  it('is the same JSON as the list read and written again under its new key', () => {
    for (const text of ['{"keypairs": [{"keypair": {"name": "a:b}", "public_key": "ssh-rsa x"}}]}', ' { "keypairs" :[ ] } ', '{"keypairs":[{"keypair":{"name":"\\u007d:"}}]}']) {
      const passed = relabelledJson(answer(text), 'keypairs', 'items');
      expect(JSON.parse(passed!)).toEqual({ items: (JSON.parse(text) as { keypairs: unknown }).keypairs });
    }
  });

  it('is not used when the answer has more than the list (links, counts) or another key', () => {
    expect(relabelledJson(answer('{"keypairs": [], "keypairs_links": []}'), 'keypairs', 'items')).toBeUndefined();
    expect(relabelledJson(answer('{"servers": []}'), 'keypairs', 'items')).toBeUndefined();
    expect(relabelledJson({ body: { keypairs: [] } }, 'keypairs', 'items')).toBeUndefined();
  });
});
