import { describe, expect, it } from 'vitest';
import {
  checkVersion,
  compareVersions,
  parseVersion,
  satisfiesVersions,
  VERSION_OPERATORS,
} from '../../../src/utils/versions';

describe('version check operators', () => {
  it('are <=, <, ==, > and >=', () => {
    expect(VERSION_OPERATORS).toEqual(['<=', '<', '==', '>', '>=']);
  });

  it('checks equality without an operator', () => {
    expect(checkVersion('3', 3)).toBe(true);
    expect(checkVersion('2', 3)).toBe(false);
  });

  it('checks <=', () => {
    expect(checkVersion('2', '3', '<=')).toBe(true);
    expect(checkVersion('3', '3', '<=')).toBe(true);
    expect(checkVersion('4', '3', '<=')).toBe(false);
  });

  it('checks <', () => {
    expect(checkVersion('2', '3', '<')).toBe(true);
    expect(checkVersion('3', '3', '<')).toBe(false);
  });

  it('checks ==', () => {
    expect(checkVersion('2.0', '2', '==')).toBe(true);
    expect(checkVersion('2.1', '2', '==')).toBe(false);
  });

  it('checks >', () => {
    expect(checkVersion('3', '2', '>')).toBe(true);
    expect(checkVersion('2', '2', '>')).toBe(false);
  });

  it('checks >=', () => {
    expect(checkVersion('2', '2', '>=')).toBe(true);
    expect(checkVersion('1', '2', '>=')).toBe(false);
  });

  it('never holds for an operator outside the set', () => {
    expect(checkVersion('2', '3', '!=')).toBe(false);
    expect(checkVersion('2', '2', '=')).toBe(false);
  });

  it('never holds for a value that is not a version', () => {
    expect(checkVersion('v3', '3')).toBe(false);
    expect(checkVersion('latest', '2.1', '>=')).toBe(false);
  });
});

describe('microversions', () => {
  it('compare numerically per component', () => {
    expect(checkVersion('2.60', '2.15', '>=')).toBe(true);
    expect(checkVersion('2.9', '2.10', '<')).toBe(true);
    expect(compareVersions('3.59', '3.7')).toBe(1);
  });

  it('count a missing component as zero', () => {
    expect(compareVersions('3', '3.0')).toBe(0);
    expect(compareVersions('2', '2.1')).toBe(-1);
  });

  it('are parsed into their components', () => {
    expect(parseVersion('2.60')).toEqual([2, 60]);
    expect(parseVersion(3)).toEqual([3]);
    expect(parseVersion('2.x')).toBeNull();
  });
});

describe('API version conditions (glance or keystone)', () => {
  it('hold when every condition holds', () => {
    expect(
      satisfiesVersions(
        [
          { api: 'keystone', version: 3 },
          { api: 'glance', version: 1, operator: '>' },
        ],
        { keystone: '3', glance: '2' },
      ),
    ).toBe(true);
  });

  it('fail when one condition fails', () => {
    expect(
      satisfiesVersions(
        [
          { api: 'keystone', version: 3 },
          { api: 'glance', version: 2, operator: '<' },
        ],
        { keystone: '3', glance: '2' },
      ),
    ).toBe(false);
  });

  it('fail for an API that reported no version', () => {
    expect(satisfiesVersions({ api: 'keystone', version: 3 }, { glance: '2' })).toBe(false);
  });
});
