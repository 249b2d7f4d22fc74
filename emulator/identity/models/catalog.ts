import { newKeystoneId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';

/** Keystone's catalog backend: regions, services and their endpoints. */

export const INTERFACES = ['public', 'internal', 'admin'] as const;
export type EndpointInterface = (typeof INTERFACES)[number];

export interface Endpoint {
  id: string;
  interface: EndpointInterface;
  regionId: string;
  /** Path under the emulator's public URL, e.g. `/cloud/compute/v2.1`. */
  urlPath: string;
  /** The absolute URL an administrator registered (then urlPath is unused). */
  url: string | null;
}

export interface CatalogService {
  id: string;
  type: string;
  name: string;
  endpoints: Endpoint[];
}

export function ensureRegion(db: Db, id: string): void {
  db.tx(() => db.run('INSERT OR IGNORE INTO regions (id) VALUES (?)', id));
}

/**
 * Registers a service and its three endpoints once; later calls keep the
 * stored ids (stable across restarts) and only refresh the URL path.
 */
export function ensureService(db: Db, input: { type: string; name: string; urlPath: string; regionId: string }): CatalogService {
  return db.tx(() => {
    ensureRegion(db, input.regionId);
    let service = db.get<{ id: string }>('SELECT id FROM services WHERE type = ?', input.type);
    if (!service) {
      service = { id: newKeystoneId() };
      db.run('INSERT INTO services (id, type, name) VALUES (?, ?, ?)', service.id, input.type, input.name);
    } else {
      db.run('UPDATE services SET name = ? WHERE id = ?', input.name, service.id);
    }
    for (const iface of INTERFACES) {
      const existing = db.get<{ id: string }>('SELECT id FROM endpoints WHERE service_id = ? AND interface = ? AND region_id = ?', service.id, iface, input.regionId);
      if (existing) db.run('UPDATE endpoints SET url_path = ? WHERE id = ?', input.urlPath, existing.id);
      else db.run('INSERT INTO endpoints (id, service_id, interface, region_id, url_path) VALUES (?, ?, ?, ?, ?)', newKeystoneId(), service.id, iface, input.regionId, input.urlPath);
    }
    return listCatalog(db, [input.type])[0];
  });
}

/** The enabled services of the given types with their enabled endpoints, in the order of `types`. */
export function listCatalog(db: Db, types: readonly string[]): CatalogService[] {
  const services: CatalogService[] = [];
  for (const type of types) {
    const service = db.get<{ id: string; type: string; name: string }>('SELECT id, type, name FROM services WHERE type = ? AND enabled = 1', type);
    if (!service) continue;
    const endpoints = db
      .all<{ id: string; interface: EndpointInterface; region_id: string; url_path: string; url: string | null }>(
        `SELECT id, interface, region_id, url_path, url FROM endpoints WHERE service_id = ? AND enabled = 1
         ORDER BY CASE interface WHEN 'public' THEN 0 WHEN 'internal' THEN 1 ELSE 2 END, region_id`,
        service.id,
      )
      .map((row) => ({ id: row.id, interface: row.interface, regionId: row.region_id, urlPath: row.url_path, url: row.url }));
    services.push({ ...service, endpoints });
  }
  return services;
}
