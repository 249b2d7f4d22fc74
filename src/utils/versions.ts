/**
 * Version checks (spec 1 §5: "Version check operators: <=, <, ==, > and >=; without an operator
 * it checks equality"), used to show things only for some Glance or Keystone API versions and to
 * compare Nova microversions.
 *
 * Versions are compared numerically per dot-separated component, so `'2.60' > '2.15'` and
 * `'2.9' < '2.10'`; a missing component counts as 0 (`'3' == '3.0'`). The services answer
 * `{version: "3"}` as text, so text and numbers compare alike.
 */

/** The operators of the spec, in its order. */
export const VERSION_OPERATORS = ['<=', '<', '==', '>', '>='] as const;

/** One of {@link VERSION_OPERATORS}. */
export type VersionOperator = (typeof VERSION_OPERATORS)[number];

/** A version as the APIs give it: `"2"`, `2`, `"2.60"`. */
export type Version = string | number;

/**
 * The numeric components of a version, or `null` if it is not dot-separated whole numbers.
 *
 * @example
 * parseVersion('2.60'); // [2, 60]
 * parseVersion(3);      // [3]
 * parseVersion('v3');   // null
 */
export function parseVersion(version: Version): number[] | null {
  const text = String(version).trim();
  if (!/^\d+(\.\d+)*$/.test(text)) return null;
  return text.split('.').map(Number);
}

/**
 * Compares two versions component by component: negative when `a` is older, 0 when equal,
 * positive when newer. `NaN` when either is not a version.
 *
 * @example
 * compareVersions('2.60', '2.15'); // > 0
 * compareVersions('2.9', '2.10');  // < 0
 * compareVersions('3', '3.0');     // 0
 */
export function compareVersions(a: Version, b: Version): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) return Number.NaN;
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/**
 * Whether `actual <operator> expected` holds; without an operator, whether they are equal. An
 * operator outside the spec's set, or a value that is not a version, never holds.
 *
 * @example
 * checkVersion('2.60', '2.15', '>='); // true
 * checkVersion('3', 3);               // true (equality)
 * checkVersion('2', '3', '<');        // true
 * checkVersion('2', '3', '!=');       // false: not an operator of the spec
 */
export function checkVersion(actual: Version, expected: Version, operator?: string): boolean {
  const order = compareVersions(actual, expected);
  if (Number.isNaN(order)) return false;
  switch (operator ?? '==') {
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    case '==':
      return order === 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    default:
      return false;
  }
}

/** One API version condition: the API's version must satisfy `operator` against `version`. */
export interface VersionCondition {
  /** The API whose version is checked, e.g. `glance` or `keystone`. */
  api: string;
  version: Version;
  operator?: VersionOperator;
}

/**
 * Whether every condition holds against the versions the APIs reported (conditions are ANDed,
 * as Horizon's `hz-if-api-version` list is). An API with no reported version fails its condition.
 *
 * @example
 * satisfiesVersions([{ api: 'glance', version: 2, operator: '>=' }], { glance: '2' }); // true
 * satisfiesVersions({ api: 'keystone', version: 3 }, { glance: '2' });                  // false
 */
export function satisfiesVersions(
  conditions: VersionCondition | readonly VersionCondition[],
  versions: Readonly<Record<string, Version | undefined>>,
): boolean {
  const list: readonly VersionCondition[] = Array.isArray(conditions) ? conditions : [conditions as VersionCondition];
  return list.every(({ api, version, operator }) => {
    const actual = versions[api];
    return actual !== undefined && checkVersion(actual, version, operator);
  });
}
