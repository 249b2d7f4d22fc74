import { describe, expect, it, vi } from 'vitest';
import { toggleRole, withMembers } from '../../src/transfer/membership';
import { allocate, canAllocate, deallocate, NOT_AN_ARRAY_MESSAGE, transferModel } from '../../src/transfer/model';

describe('transfer table allocation (spec 1 §4.9)', () => {
  it('allows allocation while the maximum is negative (unlimited)', () => {
    expect(canAllocate(50, -1)).toBe(true);
    expect(allocate(['a', 'b'], 'c', -1)).toEqual(['a', 'b', 'c']);
  });

  it('allows allocation while the maximum is above the current count, and not once it is reached', () => {
    expect(canAllocate(1, 2)).toBe(true);
    expect(canAllocate(2, 2)).toBe(false);
    expect(allocate(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });

  it('replaces the existing item when the maximum is 1', () => {
    expect(canAllocate(1, 1)).toBe(true);
    expect(allocate(['a'], 'b', 1)).toEqual(['b']);
  });

  it('does not allocate an item twice, and deallocates by id', () => {
    expect(allocate(['a'], 'a')).toEqual(['a']);
    expect(deallocate(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('splits available and allocated, and filters each side into displayedAvailable / displayedAllocated', () => {
    const items = [
      { id: 'p1', label: 'admin' },
      { id: 'p2', label: 'demo' },
      { id: 'p3', label: 'demo-2' },
    ];
    const model = transferModel(items, ['p3'], { available: 'DEM' });
    expect(model.available.map((item) => item.id)).toEqual(['p1', 'p2']);
    expect(model.allocated.map((item) => item.id)).toEqual(['p3']);
    expect(model.displayedAvailable.map((item) => item.id)).toEqual(['p2']);
    expect(model.displayedAllocated.map((item) => item.id)).toEqual(['p3']);
  });

  it('logs an error when available or allocated is not an array (spec 1 §8)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(transferModel(null, ['a']).available).toEqual([]);
    expect(transferModel([{ id: 'a' }], 'a').allocated).toEqual([]);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith(NOT_AN_ARRAY_MESSAGE);
    error.mockRestore();
  });
});

describe('membership (spec 1 §3, §6)', () => {
  it('gives a newly added member the default role and keeps the roles of the others', () => {
    expect(withMembers({ u1: ['admin', 'member'] }, ['u1', 'u2'], 'member')).toEqual({ u1: ['admin', 'member'], u2: ['member'] });
  });

  it('drops a removed member with its roles', () => {
    expect(withMembers({ u1: ['admin'], u2: ['member'] }, ['u2'], 'member')).toEqual({ u2: ['member'] });
  });

  it('lets a member hold several roles, toggled one at a time', () => {
    const both = toggleRole({ u1: ['member'] }, 'u1', 'admin');
    expect(both).toEqual({ u1: ['member', 'admin'] });
    expect(toggleRole(both, 'u1', 'member')).toEqual({ u1: ['admin'] });
  });
});
