import { randomUUID } from 'node:crypto';
import { BadRequest, Conflict, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';

/**
 * The operator's catalog (octavia/api/v2/controllers/flavors.py,
 * flavor_profiles.py, availability_zones.py, availability_zone_profiles.py):
 * flavor profiles hold provider data, flavors point at a profile; the same
 * pair for availability zones, which are named rather than numbered. A
 * flavor or zone in use by a load balancer cannot be deleted.
 */

export type CatalogKind = 'flavor' | 'flavorprofile' | 'availabilityzone' | 'availabilityzoneprofile';

interface Spec {
  label: string;
  /** Body key: `flavor`, `flavorprofile`, … */
  key: string;
  fields: Record<string, { type: 'string' | 'bool'; required?: boolean; initial?: unknown }>;
  /** Availability zones are addressed by name. */
  byName?: boolean;
}

export const CATALOG: Record<CatalogKind, Spec> = {
  flavorprofile: {
    label: 'Flavor profile',
    key: 'flavorprofile',
    fields: { name: { type: 'string', required: true }, provider_name: { type: 'string', required: true }, flavor_data: { type: 'string', required: true } },
  },
  flavor: {
    label: 'Flavor',
    key: 'flavor',
    fields: { name: { type: 'string', required: true }, description: { type: 'string', initial: '' }, flavor_profile_id: { type: 'string', required: true }, enabled: { type: 'bool', initial: true } },
  },
  availabilityzoneprofile: {
    label: 'Availability Zone Profile',
    key: 'availability_zone_profile',
    fields: { name: { type: 'string', required: true }, provider_name: { type: 'string', required: true }, availability_zone_data: { type: 'string', required: true } },
  },
  availabilityzone: {
    label: 'Availability Zone',
    key: 'availability_zone',
    byName: true,
    fields: { name: { type: 'string', required: true }, description: { type: 'string', initial: '' }, availability_zone_profile_id: { type: 'string', required: true }, enabled: { type: 'bool', initial: true } },
  },
};

export interface CatalogRow {
  id: string;
  kind: CatalogKind;
  attrs: string;
}

export function renderCatalog(row: CatalogRow): Record<string, unknown> {
  const attrs = JSON.parse(row.attrs) as Record<string, unknown>;
  return CATALOG[row.kind].byName ? attrs : { id: row.id, ...attrs };
}

export function listCatalog(db: Db, kind: CatalogKind): CatalogRow[] {
  return db.all<CatalogRow>('SELECT * FROM lb_catalog WHERE kind = ? ORDER BY seq', kind);
}

export function getCatalog(db: Db, kind: CatalogKind, key: string): CatalogRow {
  const spec = CATALOG[kind];
  const row = spec.byName
    ? listCatalog(db, kind).find((candidate) => (JSON.parse(candidate.attrs) as { name: string }).name === key)
    : db.get<CatalogRow>('SELECT * FROM lb_catalog WHERE kind = ? AND id = ?', kind, key);
  if (!row) throw new NotFound(`${spec.label} ${key} not found.`);
  return row;
}

function parse(kind: CatalogKind, input: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  const spec = CATALOG[kind];
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new BadRequest(`Missing argument: "${spec.key}"`);
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input as Record<string, unknown>)) {
    const fieldSpec = spec.fields[field];
    if (!fieldSpec || (mode === 'update' && spec.byName && field === 'name')) throw new BadRequest(`Unknown attribute for argument ${spec.key}_.${spec.key}: ${field}`);
    if (fieldSpec.type === 'string' && typeof value !== 'string') throw new BadRequest(`Invalid input for field/attribute ${field}. Value: '${String(value)}'. Value should be string`);
    if (fieldSpec.type === 'bool' && typeof value !== 'boolean') throw new BadRequest(`Invalid input for field/attribute ${field}. Value: '${String(value)}'. Wrong type. Expected '<class 'bool'>'`);
    values[field] = value;
  }
  if (mode === 'create') {
    for (const [field, fieldSpec] of Object.entries(spec.fields)) {
      if (values[field] === undefined && fieldSpec.required) throw new BadRequest(`Invalid input for field/attribute ${field}. Value: 'None'. Mandatory field missing.`);
      if (values[field] === undefined) values[field] = fieldSpec.initial;
    }
  }
  for (const data of ['flavor_data', 'availability_zone_data']) {
    if (typeof values[data] === 'string') {
      try {
        JSON.parse(values[data] as string);
      } catch {
        throw new BadRequest(`Validation failure: The ${data} must be a JSON object.`);
      }
    }
  }
  return values;
}

function checkReferences(db: Db, kind: CatalogKind, values: Record<string, unknown>): void {
  if (kind === 'flavor' && values.flavor_profile_id !== undefined && !db.get("SELECT 1 FROM lb_catalog WHERE kind = 'flavorprofile' AND id = ?", values.flavor_profile_id)) {
    throw new BadRequest(`Validation failure: Flavor profile ${String(values.flavor_profile_id)} not found.`);
  }
  if (kind === 'availabilityzone' && values.availability_zone_profile_id !== undefined && !db.get("SELECT 1 FROM lb_catalog WHERE kind = 'availabilityzoneprofile' AND id = ?", values.availability_zone_profile_id)) {
    throw new BadRequest(`Validation failure: Availability Zone Profile ${String(values.availability_zone_profile_id)} not found.`);
  }
}

export function createCatalog(db: Db, kind: CatalogKind, input: unknown): CatalogRow {
  const values = parse(kind, input, 'create');
  checkReferences(db, kind, values);
  return db.tx(() => {
    if (listCatalog(db, kind).some((row) => (JSON.parse(row.attrs) as { name: string }).name === values.name)) {
      throw new Conflict(`A ${CATALOG[kind].label} of ${String(values.name)} already exists.`);
    }
    const id = randomUUID();
    const seq = (db.get<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM lb_catalog')?.seq ?? 0) + 1;
    db.run('INSERT INTO lb_catalog (id, kind, attrs, seq) VALUES (?, ?, ?, ?)', id, kind, JSON.stringify(values), seq);
    return db.get<CatalogRow>('SELECT * FROM lb_catalog WHERE id = ?', id)!;
  });
}

/** Whether flavors (zones) are built on this profile: its provider and data are then fixed. */
function profileInUse(db: Db, row: CatalogRow): boolean {
  if (row.kind === 'flavorprofile') return listCatalog(db, 'flavor').some((flavor) => (JSON.parse(flavor.attrs) as { flavor_profile_id: string }).flavor_profile_id === row.id);
  if (row.kind === 'availabilityzoneprofile') return listCatalog(db, 'availabilityzone').some((zone) => (JSON.parse(zone.attrs) as { availability_zone_profile_id: string }).availability_zone_profile_id === row.id);
  return false;
}

const inUse = (row: CatalogRow, name: string) => new Conflict(`${CATALOG[row.kind].label} ${name} is in use and cannot be modified.`);

export function updateCatalog(db: Db, row: CatalogRow, input: unknown): CatalogRow {
  const values = parse(row.kind, input, 'update');
  checkReferences(db, row.kind, values);
  // Octavia keeps a profile's provider and data while a flavor or zone uses it; its name may change.
  const fixed = ['provider_name', 'flavor_data', 'availability_zone_data'].some((field) => values[field] !== undefined);
  if (fixed && profileInUse(db, row)) throw inUse(row, row.id);
  db.run('UPDATE lb_catalog SET attrs = ? WHERE id = ?', JSON.stringify({ ...(JSON.parse(row.attrs) as object), ...values }), row.id);
  return db.get<CatalogRow>('SELECT * FROM lb_catalog WHERE id = ?', row.id)!;
}

export function deleteCatalog(db: Db, row: CatalogRow): void {
  const attrs = JSON.parse(row.attrs) as Record<string, unknown>;
  const used =
    (row.kind === 'flavor' && db.all<{ attrs: string }>("SELECT attrs FROM lb_objects WHERE kind = 'loadbalancer'").some((lb) => (JSON.parse(lb.attrs) as { flavor_id?: string }).flavor_id === row.id)) ||
    (row.kind === 'availabilityzone' && db.all<{ attrs: string }>("SELECT attrs FROM lb_objects WHERE kind = 'loadbalancer'").some((lb) => (JSON.parse(lb.attrs) as { availability_zone?: string }).availability_zone === attrs.name)) ||
    profileInUse(db, row);
  if (used) throw inUse(row, row.kind === 'availabilityzone' ? String(attrs.name) : row.id);
  db.run('DELETE FROM lb_catalog WHERE id = ?', row.id);
}
