import type { Db } from '../../store/db.js';
import { notFound } from '../faults.js';

/**
 * Neutron's availability zones (the availability_zone extension): not a
 * table of their own but the zones the agents report. A DHCP agent's zone
 * hosts networks, an L3 agent's routers; a zone is available while one of
 * its agents is administratively up.
 */

export type ZoneResource = 'network' | 'router';

const AGENT_RESOURCE: Record<string, ZoneResource> = { 'DHCP agent': 'network', 'L3 agent': 'router' };

export interface AvailabilityZone {
  name: string;
  resource: ZoneResource;
  state: 'available' | 'unavailable';
}

export function listAvailabilityZones(db: Db): AvailabilityZone[] {
  const rows = db.all<{ agent_type: string; availability_zone: string | null; up: number }>(
    'SELECT agent_type, availability_zone, MAX(admin_state_up) AS up FROM net_agents WHERE availability_zone IS NOT NULL GROUP BY agent_type, availability_zone ORDER BY availability_zone',
  );
  return rows
    .filter((row) => AGENT_RESOURCE[row.agent_type])
    .map((row) => ({ name: row.availability_zone!, resource: AGENT_RESOURCE[row.agent_type], state: row.up ? 'available' : 'unavailable' }));
}

/** validate_availability_zones: every hint names a zone of that resource, else AvailabilityZoneNotFound (404). */
export function checkZoneHints(db: Db, resource: ZoneResource, hints: string[] | undefined): string[] {
  if (!hints?.length) return [];
  const known = new Set(listAvailabilityZones(db).filter((zone) => zone.resource === resource).map((zone) => zone.name));
  const unknown = hints.find((hint) => !known.has(hint));
  if (unknown !== undefined) throw notFound('AvailabilityZoneNotFound', `AvailabilityZone ${unknown} could not be found.`);
  return [...new Set(hints)];
}
