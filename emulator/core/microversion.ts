/**
 * OpenStack microversions (`OpenStack-API-Version: compute 2.53`, or the
 * legacy `X-OpenStack-Nova-API-Version: 2.53`), as nova/api/openstack/
 * api_version_request.py parses them.
 */
export class Microversion {
  constructor(
    readonly major: number,
    readonly minor: number,
  ) {}

  static parse(text: string): Microversion | null {
    const match = /^([1-9]\d*)\.([1-9]\d*|0)$/.exec(text);
    return match ? new Microversion(Number(match[1]), Number(match[2])) : null;
  }

  compare(other: Microversion): number {
    return this.major - other.major || this.minor - other.minor;
  }

  /** True when this version is `version` or later. */
  atLeast(version: string): boolean {
    return this.compare(Microversion.parse(version)!) >= 0;
  }

  /** True when this version lies in [min, max] (max optional). */
  between(min: string, max?: string): boolean {
    return this.atLeast(min) && (max === undefined || this.compare(Microversion.parse(max)!) <= 0);
  }

  toString(): string {
    return `${this.major}.${this.minor}`;
  }
}

export interface MicroversionPolicy {
  /** Service name in `OpenStack-API-Version` (e.g. `compute`). */
  service: string;
  /** The service's own legacy header, if any (e.g. `x-openstack-nova-api-version`). */
  legacyHeader?: string;
  min: string;
  max: string;
}

export type MicroversionResult =
  | { kind: 'ok'; version: Microversion }
  /** Not MajorNum.MinorNum: 400. */
  | { kind: 'invalid'; text: string }
  /** Well formed but outside [min, max]: 406. */
  | { kind: 'unsupported'; version: Microversion };

type Headers = Record<string, string | string[] | undefined>;

function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Picks the requested version; no header means the minimum (base) version. */
export function negotiateMicroversion(headers: Headers, policy: MicroversionPolicy): MicroversionResult {
  let requested: string | undefined;
  const modern = headerValue(headers, 'openstack-api-version');
  if (modern) {
    for (const part of modern.split(',')) {
      const [service, version] = part.trim().split(/\s+/);
      if (service?.toLowerCase() === policy.service && version !== undefined) requested = version;
    }
  }
  if (requested === undefined && policy.legacyHeader) requested = headerValue(headers, policy.legacyHeader)?.trim();
  const max = Microversion.parse(policy.max)!;
  const min = Microversion.parse(policy.min)!;
  if (requested === undefined || requested === '') return { kind: 'ok', version: min };
  if (requested.toLowerCase() === 'latest') return { kind: 'ok', version: max };
  const version = Microversion.parse(requested);
  if (!version) return { kind: 'invalid', text: requested };
  if (version.compare(min) < 0 || version.compare(max) > 0) return { kind: 'unsupported', version };
  return { kind: 'ok', version };
}
