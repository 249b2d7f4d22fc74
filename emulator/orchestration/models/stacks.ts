import { newUuid } from '../../core/ids.js';
import type { Db } from '../../store/db.js';
import { badRequest, HeatError, stackNotFound } from './errors.js';

/** Stacks, their resources and their events in SQLite (state only; the engine moves it). */

export interface Stack {
  id: string;
  projectId: string;
  userId: string;
  owner: string;
  name: string;
  template: Record<string, unknown>;
  environment: Environment;
  /** Parameter values in force, typed. */
  parameters: Record<string, unknown>;
  action: string;
  status: string;
  statusReason: string;
  disableRollback: boolean;
  timeoutMins: number | null;
  tags: string[] | null;
  createdAt: number;
  updatedAt: number | null;
  deletedAt: number | null;
}

export interface Environment {
  parameters: Record<string, unknown>;
  parameter_defaults: Record<string, unknown>;
  resource_registry: Record<string, unknown>;
}

export interface StackResource {
  stackId: string;
  name: string;
  type: string;
  snippet: Record<string, unknown>;
  requires: string[];
  action: string;
  status: string;
  statusReason: string;
  physicalId: string | null;
  data: Record<string, unknown>;
  pending: 'remove' | 'replace' | 'update' | null;
  position: number;
  createdAt: number;
  updatedAt: number | null;
}

export interface StackEvent {
  seq: number;
  id: string;
  stackId: string;
  resourceName: string;
  physicalId: string;
  action: string;
  status: string;
  reason: string;
  createdAt: number;
}

interface StackRow {
  id: string;
  project_id: string;
  user_id: string;
  owner: string;
  name: string;
  template: string;
  environment: string;
  parameters: string;
  action: string;
  status: string;
  status_reason: string;
  disable_rollback: number;
  timeout_mins: number | null;
  tags: string | null;
  created_at: number;
  updated_at: number | null;
  deleted_at: number | null;
}

const toStack = (row: StackRow): Stack => ({
  id: row.id,
  projectId: row.project_id,
  userId: row.user_id,
  owner: row.owner,
  name: row.name,
  template: JSON.parse(row.template) as Record<string, unknown>,
  environment: JSON.parse(row.environment) as Environment,
  parameters: JSON.parse(row.parameters) as Record<string, unknown>,
  action: row.action,
  status: row.status,
  statusReason: row.status_reason,
  disableRollback: row.disable_rollback === 1,
  timeoutMins: row.timeout_mins,
  tags: row.tags === null ? null : (JSON.parse(row.tags) as string[]),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  deletedAt: row.deleted_at,
});

interface ResourceRow {
  stack_id: string;
  name: string;
  type: string;
  snippet: string;
  requires: string;
  action: string;
  status: string;
  status_reason: string;
  physical_id: string | null;
  data: string;
  pending: 'remove' | 'replace' | 'update' | null;
  position: number;
  created_at: number;
  updated_at: number | null;
}

const toResource = (row: ResourceRow): StackResource => ({
  stackId: row.stack_id,
  name: row.name,
  type: row.type,
  snippet: JSON.parse(row.snippet) as Record<string, unknown>,
  requires: JSON.parse(row.requires) as string[],
  action: row.action,
  status: row.status,
  statusReason: row.status_reason,
  physicalId: row.physical_id,
  data: JSON.parse(row.data) as Record<string, unknown>,
  pending: row.pending,
  position: row.position,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Heat's stack name rule. */
const STACK_NAME = /^[a-zA-Z][a-zA-Z0-9_.-]{0,254}$/;

export function checkStackName(name: unknown): string {
  if (typeof name !== 'string' || !STACK_NAME.test(name)) {
    throw new HeatError(
      400,
      'StackValidationFailed',
      `Invalid stack name ${String(name)} must contain only alphanumeric or "_-." characters, must start with alpha and must be 255 characters or less.`,
    );
  }
  return name;
}

export function insertStack(db: Db, stack: Omit<Stack, 'updatedAt' | 'deletedAt'>): void {
  if (db.get('SELECT 1 FROM heat_stacks WHERE project_id = ? AND name = ? AND deleted_at IS NULL', stack.projectId, stack.name)) {
    throw new HeatError(409, 'StackExists', `The Stack (${stack.name}) already exists.`);
  }
  db.run(
    `INSERT INTO heat_stacks (id, project_id, user_id, owner, name, template, environment, parameters, action, status, status_reason,
       disable_rollback, timeout_mins, tags, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    stack.id,
    stack.projectId,
    stack.userId,
    stack.owner,
    stack.name,
    JSON.stringify(stack.template),
    JSON.stringify(stack.environment),
    JSON.stringify(stack.parameters),
    stack.action,
    stack.status,
    stack.statusReason,
    stack.disableRollback ? 1 : 0,
    stack.timeoutMins,
    stack.tags === null ? null : JSON.stringify(stack.tags),
    stack.createdAt,
  );
}

export function getStackById(db: Db, id: string): Stack | null {
  const row = db.get<StackRow>('SELECT * FROM heat_stacks WHERE id = ?', id);
  return row ? toStack(row) : null;
}

/**
 * A stack of the project by id (deleted ones too, as Heat shows them by id)
 * or by name (live ones only); EntityNotFound otherwise.
 */
export function findStack(db: Db, projectId: string, nameOrId: string): Stack {
  const row =
    db.get<StackRow>('SELECT * FROM heat_stacks WHERE project_id = ? AND id = ?', projectId, nameOrId) ??
    db.get<StackRow>('SELECT * FROM heat_stacks WHERE project_id = ? AND name = ? AND deleted_at IS NULL', projectId, nameOrId);
  if (!row) throw stackNotFound(nameOrId);
  return toStack(row);
}

/** A stack named by name and id: both must agree. */
export function findStackByIdentity(db: Db, projectId: string, name: string, id: string): Stack {
  const stack = findStack(db, projectId, id);
  if (stack.name !== name && stack.id !== name) throw stackNotFound(`${name}/${id}`);
  return stack;
}

export function listStacks(db: Db, projectId: string | null): Stack[] {
  const rows =
    projectId === null
      ? db.all<StackRow>('SELECT * FROM heat_stacks WHERE deleted_at IS NULL ORDER BY created_at DESC, rowid DESC')
      : db.all<StackRow>('SELECT * FROM heat_stacks WHERE project_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC', projectId);
  return rows.map(toStack);
}

/** Stacks with work to do (an action in progress), across projects. */
export function busyStacks(db: Db): Stack[] {
  return db.all<StackRow>("SELECT * FROM heat_stacks WHERE status = 'IN_PROGRESS'").map(toStack);
}

export function saveStack(db: Db, stack: Stack): void {
  db.run(
    `UPDATE heat_stacks SET template = ?, environment = ?, parameters = ?, action = ?, status = ?, status_reason = ?, disable_rollback = ?,
       timeout_mins = ?, tags = ?, updated_at = ?, deleted_at = ? WHERE id = ?`,
    JSON.stringify(stack.template),
    JSON.stringify(stack.environment),
    JSON.stringify(stack.parameters),
    stack.action,
    stack.status,
    stack.statusReason,
    stack.disableRollback ? 1 : 0,
    stack.timeoutMins,
    stack.tags === null ? null : JSON.stringify(stack.tags),
    stack.updatedAt,
    stack.deletedAt,
    stack.id,
  );
}

export function listResources(db: Db, stackId: string): StackResource[] {
  return db.all<ResourceRow>('SELECT * FROM heat_resources WHERE stack_id = ? ORDER BY position', stackId).map(toResource);
}

export function findResource(db: Db, stack: Stack, name: string): StackResource {
  const row = db.get<ResourceRow>('SELECT * FROM heat_resources WHERE stack_id = ? AND name = ?', stack.id, name);
  if (!row) throw new HeatError(404, 'ResourceNotFound', `The Resource (${name}) could not be found in Stack ${stack.name}.`);
  return toResource(row);
}

export function saveResource(db: Db, resource: StackResource): void {
  db.run(
    `INSERT INTO heat_resources (stack_id, name, type, snippet, requires, action, status, status_reason, physical_id, data, pending, position, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (stack_id, name) DO UPDATE SET type = excluded.type, snippet = excluded.snippet, requires = excluded.requires, action = excluded.action,
       status = excluded.status, status_reason = excluded.status_reason, physical_id = excluded.physical_id, data = excluded.data,
       pending = excluded.pending, position = excluded.position, updated_at = excluded.updated_at`,
    resource.stackId,
    resource.name,
    resource.type,
    JSON.stringify(resource.snippet),
    JSON.stringify(resource.requires),
    resource.action,
    resource.status,
    resource.statusReason,
    resource.physicalId,
    JSON.stringify(resource.data),
    resource.pending,
    resource.position,
    resource.createdAt,
    resource.updatedAt,
  );
}

export function dropResource(db: Db, stackId: string, name: string): void {
  db.run('DELETE FROM heat_resources WHERE stack_id = ? AND name = ?', stackId, name);
}

export function addEvent(db: Db, event: Omit<StackEvent, 'seq' | 'id'>): void {
  db.run(
    'INSERT INTO heat_events (id, stack_id, resource_name, physical_id, action, status, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    newUuid(),
    event.stackId,
    event.resourceName,
    event.physicalId,
    event.action,
    event.status,
    event.reason,
    event.createdAt,
  );
}

interface EventRow {
  seq: number;
  id: string;
  stack_id: string;
  resource_name: string;
  physical_id: string;
  action: string;
  status: string;
  reason: string;
  created_at: number;
}

export function listEvents(db: Db, stackId: string, resourceName?: string): StackEvent[] {
  const rows =
    resourceName === undefined
      ? db.all<EventRow>('SELECT * FROM heat_events WHERE stack_id = ? ORDER BY seq', stackId)
      : db.all<EventRow>('SELECT * FROM heat_events WHERE stack_id = ? AND resource_name = ? ORDER BY seq', stackId, resourceName);
  return rows.map((row) => ({
    seq: row.seq,
    id: row.id,
    stackId: row.stack_id,
    resourceName: row.resource_name,
    physicalId: row.physical_id,
    action: row.action,
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at,
  }));
}

export function findEvent(db: Db, stackId: string, resourceName: string, eventId: string): StackEvent {
  const found = listEvents(db, stackId, resourceName).find((event) => event.id === eventId);
  if (!found) throw new HeatError(404, 'EntityNotFound', `The Event (${eventId}) could not be found.`);
  return found;
}

export const notAction = (action: unknown) => badRequest(`Invalid action ${String(action)} specified`);
