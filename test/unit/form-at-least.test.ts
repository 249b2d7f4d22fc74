import { describe, expect, it } from 'vitest';
import { atLeastErrors, type HintedNode } from '../../src/forms/hints';

/** The engine's `x-atLeast` hint: a number field that must not be below another (Horizon's from/to ports). */
describe('x-atLeast', () => {
  const message = 'The "to" port number must be greater than or equal to the "from" port number.';
  const properties: Record<string, HintedNode> = { from_port: { type: 'integer' }, to_port: { type: 'integer', 'x-atLeast': { field: 'from_port', message } } };

  it('refuses a value below the other field’s with the hint’s message', () => {
    expect(atLeastErrors(properties, { from_port: 90, to_port: 80 })).toEqual({ to_port: message });
  });

  it('accepts an equal or greater value, and leaves empty values to required', () => {
    expect(atLeastErrors(properties, { from_port: 80, to_port: 80 })).toEqual({});
    expect(atLeastErrors(properties, { from_port: 80, to_port: 8080 })).toEqual({});
    expect(atLeastErrors(properties, { to_port: 1 })).toEqual({});
    expect(atLeastErrors(properties, { from_port: 5 })).toEqual({});
  });
});
