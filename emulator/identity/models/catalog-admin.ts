import { BadRequest, Conflict, Forbidden, NotFound } from '../../core/errors.js';
import { newKeystoneId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';

/**
 * Keystone's catalog API (/v3/regions, /v3/services, /v3/endpoints): the
 * built-in services are rows like any other, so an administrator sees and
 * may change them; extra attributes given at creation are kept and returned.
 */

export interface RegionRow {
  id: string;
  description: string;
  parent_region_id: string | null;
}

export interface ServiceRow {
  id: string;
  type: string;
  name: string;
  enabled: number;
  extra: string;
}

export interface EndpointRow {
  id: string;
  service_id: string;
  interface: string;
  region_id: string | null;
  url_path: string;
  url: string | null;
  enabled: number;
  extra: string;
}

// ---- regions

export function findRegion(db: Db, id: string): RegionRow | undefined {
  return db.get<RegionRow>('SELECT id, description, parent_region_id FROM regions WHERE id = ?', id);
}

export function getRegion(db: Db, id: string): RegionRow {
  const row = findRegion(db, id);
  if (!row) throw new NotFound(`Could not find region: ${id}.`);
  return row;
}

export function listRegions(db: Db, parentRegionId?: string): RegionRow[] {
  return parentRegionId === undefined
    ? db.all<RegionRow>('SELECT id, description, parent_region_id FROM regions ORDER BY id')
    : db.all<RegionRow>('SELECT id, description, parent_region_id FROM regions WHERE parent_region_id = ? ORDER BY id', parentRegionId);
}

function checkParent(db: Db, id: string, parent: string | null | undefined): void {
  if (!parent) return;
  if (!findRegion(db, parent)) throw new NotFound(`Could not find region: ${parent}.`);
  // A region may not become its own ancestor.
  for (let at: string | null = parent; at; at = findRegion(db, at)?.parent_region_id ?? null) {
    if (at === id) throw new BadRequest(`Circular reference or a repeated entry found in region tree - ${id}.`);
  }
}

export function createRegion(db: Db, input: { id?: string; description?: string; parentRegionId?: string | null }): RegionRow {
  return db.tx(() => {
    const id = input.id ?? newKeystoneId();
    if (findRegion(db, id)) throw new Conflict(`Conflict occurred attempting to store region - Duplicate ID, ${id}.`);
    checkParent(db, id, input.parentRegionId);
    db.run('INSERT INTO regions (id, description, parent_region_id) VALUES (?, ?, ?)', id, input.description ?? '', input.parentRegionId ?? null);
    return findRegion(db, id)!;
  });
}

export function updateRegion(db: Db, id: string, changes: { description?: string; parentRegionId?: string | null }): RegionRow {
  return db.tx(() => {
    const row = getRegion(db, id);
    if (changes.parentRegionId !== undefined) checkParent(db, id, changes.parentRegionId);
    db.run(
      'UPDATE regions SET description = ?, parent_region_id = ? WHERE id = ?',
      changes.description ?? row.description,
      changes.parentRegionId === undefined ? row.parent_region_id : changes.parentRegionId,
      id,
    );
    return findRegion(db, id)!;
  });
}

export function deleteRegion(db: Db, id: string): void {
  db.tx(() => {
    getRegion(db, id);
    if (db.get('SELECT 1 FROM regions WHERE parent_region_id = ?', id)) throw new Forbidden(`Unable to delete region ${id} because it or its child regions have associated endpoints.`);
    if (db.get('SELECT 1 FROM endpoints WHERE region_id = ?', id)) throw new Forbidden(`Unable to delete region ${id} because it or its child regions have associated endpoints.`);
    db.run('DELETE FROM regions WHERE id = ?', id);
  });
}

// ---- services

export function getService(db: Db, id: string): ServiceRow {
  const row = db.get<ServiceRow>('SELECT id, type, name, enabled, extra FROM services WHERE id = ?', id);
  if (!row) throw new NotFound(`Could not find service: ${id}.`);
  return row;
}

export function listServices(db: Db, filters: { type?: string; name?: string }): ServiceRow[] {
  return db
    .all<ServiceRow>('SELECT id, type, name, enabled, extra FROM services ORDER BY rowid')
    .filter((row) => (filters.type === undefined || row.type === filters.type) && (filters.name === undefined || row.name === filters.name));
}

export function createService(db: Db, input: { type: string; name: string; enabled: boolean; extra: Record<string, unknown> }): ServiceRow {
  return db.tx(() => {
    if (db.get('SELECT 1 FROM services WHERE type = ?', input.type)) throw new Conflict(`Conflict occurred attempting to store service - Duplicate entry for type ${input.type}.`);
    const id = newKeystoneId();
    db.run('INSERT INTO services (id, type, name, enabled, extra) VALUES (?, ?, ?, ?, ?)', id, input.type, input.name, input.enabled ? 1 : 0, JSON.stringify(input.extra));
    return getService(db, id);
  });
}

export function updateService(db: Db, id: string, changes: { type?: string; name?: string; enabled?: boolean; extra: Record<string, unknown> }): ServiceRow {
  return db.tx(() => {
    const row = getService(db, id);
    db.run(
      'UPDATE services SET type = ?, name = ?, enabled = ?, extra = ? WHERE id = ?',
      changes.type ?? row.type,
      changes.name ?? row.name,
      changes.enabled === undefined ? row.enabled : changes.enabled ? 1 : 0,
      JSON.stringify({ ...(JSON.parse(row.extra) as object), ...changes.extra }),
      id,
    );
    return getService(db, id);
  });
}

export function deleteService(db: Db, id: string): void {
  db.tx(() => {
    getService(db, id);
    db.run('DELETE FROM services WHERE id = ?', id);
  });
}

// ---- endpoints

const ENDPOINT_COLUMNS = 'id, service_id, interface, region_id, url_path, url, enabled, extra';

export function getEndpoint(db: Db, id: string): EndpointRow {
  const row = db.get<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM endpoints WHERE id = ?`, id);
  if (!row) throw new NotFound(`Could not find endpoint: ${id}.`);
  return row;
}

export function listEndpoints(db: Db, filters: { serviceId?: string; interface?: string; regionId?: string }): EndpointRow[] {
  return db
    .all<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM endpoints ORDER BY rowid`)
    .filter(
      (row) =>
        (filters.serviceId === undefined || row.service_id === filters.serviceId) &&
        (filters.interface === undefined || row.interface === filters.interface) &&
        (filters.regionId === undefined || row.region_id === filters.regionId),
    );
}

export interface EndpointInput {
  serviceId?: string;
  interface?: string;
  url?: string;
  regionId?: string | null;
  enabled?: boolean;
  extra: Record<string, unknown>;
}

/** Keystone creates a region an endpoint names that does not exist yet (the legacy `region` attribute). */
function ensureEndpointRegion(db: Db, regionId: string | null | undefined): void {
  if (regionId && !findRegion(db, regionId)) db.run('INSERT INTO regions (id, description) VALUES (?, ?)', regionId, '');
}

export function createEndpoint(db: Db, input: EndpointInput & { serviceId: string; interface: string; url: string }): EndpointRow {
  return db.tx(() => {
    getService(db, input.serviceId);
    ensureEndpointRegion(db, input.regionId);
    const id = newKeystoneId();
    db.run(
      'INSERT INTO endpoints (id, service_id, interface, region_id, url, enabled, extra) VALUES (?, ?, ?, ?, ?, ?, ?)',
      id,
      input.serviceId,
      input.interface,
      input.regionId ?? null,
      input.url,
      input.enabled === false ? 0 : 1,
      JSON.stringify(input.extra),
    );
    return getEndpoint(db, id);
  });
}

export function updateEndpoint(db: Db, id: string, changes: EndpointInput): EndpointRow {
  return db.tx(() => {
    const row = getEndpoint(db, id);
    if (changes.serviceId !== undefined) getService(db, changes.serviceId);
    ensureEndpointRegion(db, changes.regionId);
    db.run(
      'UPDATE endpoints SET service_id = ?, interface = ?, region_id = ?, url = ?, enabled = ?, extra = ? WHERE id = ?',
      changes.serviceId ?? row.service_id,
      changes.interface ?? row.interface,
      changes.regionId === undefined ? row.region_id : changes.regionId,
      changes.url ?? row.url,
      changes.enabled === undefined ? row.enabled : changes.enabled ? 1 : 0,
      JSON.stringify({ ...(JSON.parse(row.extra) as object), ...changes.extra }),
      id,
    );
    return getEndpoint(db, id);
  });
}

export function deleteEndpoint(db: Db, id: string): void {
  db.tx(() => {
    getEndpoint(db, id);
    db.run('DELETE FROM endpoints WHERE id = ?', id);
  });
}
