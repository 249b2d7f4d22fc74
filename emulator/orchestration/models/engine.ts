import type { Clock } from '../../core/clock.js';
import type { Db } from '../../store/db.js';
import { RESOURCE_TYPES } from '../resources/index.js';
import { CallFailure, type CloudClient, ResourceInError, type ResourceContext } from '../resources/types.js';
import { resolve, type Scope } from './functions.js';
import { addEvent, busyStacks, dropResource, getStackById, listResources, saveResource, saveStack, type Stack, type StackResource } from './stacks.js';
import { loadTemplate, type ResourceDefinition, type Template } from './template.js';

/**
 * Heat's engine, small: a stack action (CREATE, UPDATE, DELETE, ROLLBACK,
 * CHECK, SUSPEND, RESUME) moves one step at a time. A step deletes what must
 * go (dependents first), then creates what may start (its requirements
 * complete), and waits on the real resources (a server ACTIVE, a volume
 * available) through the other services, on their clock. Steps run on a
 * tick and before each request, one at a time per stack.
 */

/** Heat's exception class names for a refused native call, by status (what a resource's failure reason starts with). */
const FAILURE_KINDS: Record<number, string> = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 413: 'OverLimit' };

export function failureReason(resource: string, error: unknown): string {
  if (error instanceof ResourceInError) return `ResourceInError: resources.${resource}: ${error.message}`;
  if (error instanceof CallFailure) {
    const kind = /quota/i.test(error.message) && error.status === 409 ? 'OverQuotaClient' : (FAILURE_KINDS[error.status] ?? 'InternalServerError');
    return `${kind}: resources.${resource}: ${error.message}`;
  }
  const named = error as { type?: string; message?: string };
  return `${named.type ?? 'Error'}: resources.${resource}: ${named.message ?? String(error)}`;
}

/** Where a resource being replaced, or updated in place, keeps its definition in the new template. */
export const REPLACEMENT = '_replacement';
/** Where a resource updated in place keeps the names of the properties that changed. */
export const CHANGED = '_changed';

/** Heat's plugin class names, as its timeout message names the task ('Task create from Server "web" …'). */
const HEAT_CLASSES: Record<string, string> = { 'OS::Cinder::Volume': 'CinderVolume', 'OS::Cinder::VolumeAttachment': 'CinderVolumeAttachment' };
const heatClass = (type: string) => HEAT_CLASSES[type] ?? type.split('::').at(-1)!;

/** A resource that is there and settled: complete, and with nothing of the running update left to do. */
const settled = (resource: StackResource) => resource.status === 'COMPLETE' && resource.action !== 'INIT' && resource.action !== 'DELETE' && resource.pending === null;

export type ClientFor = (stack: Stack) => CloudClient;

export class Engine {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly clientFor: ClientFor,
    /** The least time a resource stays CREATE_IN_PROGRESS (`EMULATOR_HEAT_RESOURCE_MS`), on the clock. */
    private readonly resourceMs = 0,
  ) {}

  /** Moves one stack as far as it can go now; concurrent callers share the step in flight. */
  advance(stackId: string): Promise<void> {
    const inFlight = this.running.get(stackId);
    if (inFlight) return inFlight;
    const step = this.run(stackId).finally(() => this.running.delete(stackId));
    this.running.set(stackId, step);
    return step;
  }

  /** Every stack with an action in progress (the tick), or those of one project (before a request). */
  async advanceBusy(projectId?: string): Promise<void> {
    const stacks = busyStacks(this.db).filter((stack) => projectId === undefined || stack.projectId === projectId);
    await Promise.all(stacks.map((stack) => this.advance(stack.id)));
  }

  private async run(stackId: string): Promise<void> {
    // Each pass does what is possible now; stop when a pass changes nothing (the rest waits for the clock).
    for (let pass = 0; pass < 50; pass++) {
      const stack = getStackById(this.db, stackId);
      if (!stack || stack.status !== 'IN_PROGRESS') return;
      if (!(await this.pass(stack))) return;
    }
  }

  private now(): number {
    return this.clock.now();
  }

  private context(stack: Stack, resource: StackResource): ResourceContext {
    return { cloud: this.clientFor(stack), stackName: stack.name, resourceName: resource.name };
  }

  stackEvent(stack: Stack, status: string, reason: string): void {
    addEvent(this.db, { stackId: stack.id, resourceName: stack.name, physicalId: stack.id, action: stack.action, status, reason, createdAt: this.now() });
  }

  /** Sets the stack's action and status, with its event. */
  setStack(stack: Stack, action: string, status: string, reason: string): void {
    this.db.tx(() => {
      stack.action = action;
      stack.status = status;
      stack.statusReason = reason;
      if (action !== 'CREATE' || status !== 'IN_PROGRESS') stack.updatedAt = this.now();
      if (action === 'DELETE' && status === 'COMPLETE') stack.deletedAt = this.now();
      saveStack(this.db, stack);
      this.stackEvent(stack, status, reason);
    });
  }

  private setResource(resource: StackResource, action: string, status: string, reason = 'state changed'): void {
    this.db.tx(() => {
      resource.action = action;
      resource.status = status;
      resource.statusReason = reason;
      resource.updatedAt = this.now();
      saveResource(this.db, resource);
      addEvent(this.db, {
        stackId: resource.stackId,
        resourceName: resource.name,
        physicalId: resource.physicalId ?? '',
        action,
        status,
        reason,
        createdAt: this.now(),
      });
    });
  }

  /** One pass over the stack; true when something changed. */
  private async pass(stack: Stack): Promise<boolean> {
    switch (stack.action) {
      case 'CREATE':
      case 'UPDATE':
      case 'DELETE':
      case 'ROLLBACK':
        return this.converge(stack);
      default:
        return this.perResource(stack);
    }
  }

  /**
   * `timeout_mins` (CREATE and UPDATE): past it, what is in progress is
   * aborted and the stack fails with Heat's 'Timed out' (then rolls back a
   * create when it may, as any failure does).
   */
  private timedOut(stack: Stack): boolean {
    if (stack.timeoutMins === null || (stack.action !== 'CREATE' && stack.action !== 'UPDATE')) return false;
    const started = stack.action === 'CREATE' ? stack.createdAt : (stack.updatedAt ?? stack.createdAt);
    if (this.now() - started < stack.timeoutMins * 60_000) return false;
    for (const resource of listResources(this.db, stack.id)) {
      if (resource.status !== 'IN_PROGRESS') continue;
      const task = `Task ${resource.action.toLowerCase()} from ${heatClass(resource.type)} "${resource.name}" Stack "${stack.name}" [${stack.id}]`;
      this.setResource(resource, resource.action, 'FAILED', `${resource.action} aborted (${task} Timed out)`);
    }
    const action = stack.action;
    this.setStack(stack, action, 'FAILED', 'Timed out');
    if (action === 'CREATE' && !stack.disableRollback) this.setStack(stack, 'ROLLBACK', 'IN_PROGRESS', 'Stack ROLLBACK started');
    return true;
  }

  /** CREATE, UPDATE, DELETE and ROLLBACK: delete what must go, then create (or update in place) what may start, then finish. */
  private async converge(stack: Stack): Promise<boolean> {
    if (this.timedOut(stack)) return true;
    const resources = listResources(this.db, stack.id);
    const removingAll = stack.action === 'DELETE' || stack.action === 'ROLLBACK';
    const leaving = resources.filter((resource) => removingAll || resource.pending === 'remove' || resource.pending === 'replace');
    if (leaving.length) return this.deleteStep(stack, leaving);
    if (removingAll) {
      this.setStack(stack, stack.action, 'COMPLETE', `Stack ${stack.action} completed successfully`);
      return true;
    }
    if (resources.some((resource) => resource.status === 'FAILED')) return false;
    const byName = new Map(resources.map((resource) => [resource.name, resource]));
    const ready = (resource: StackResource) => resource.requires.every((name) => byName.get(name) && settled(byName.get(name)!));
    const action = stack.action;
    let changed = false;
    for (const resource of resources) {
      if (resource.action === 'CREATE' && resource.status === 'IN_PROGRESS') {
        changed = (await this.waitCreated(stack, resource)) || changed;
      } else if (resource.action === 'INIT' && ready(resource)) {
        await this.create(stack, resource, byName);
        changed = true;
      } else if (resource.pending === 'update' && ready(resource)) {
        await this.updateInPlace(stack, resource, byName);
        changed = true;
      }
      if (stack.action !== action || stack.status !== 'IN_PROGRESS') return true;
    }
    const after = listResources(this.db, stack.id);
    if (after.every(settled)) {
      this.setStack(stack, stack.action, 'COMPLETE', `Stack ${stack.action} completed successfully`);
      return true;
    }
    return changed;
  }

  private async create(stack: Stack, resource: StackResource, byName: Map<string, StackResource>): Promise<void> {
    const type = RESOURCE_TYPES[resource.type]!;
    const context = this.context(stack, resource);
    this.setResource(resource, 'CREATE', 'IN_PROGRESS');
    try {
      const properties = (await resolve(resource.snippet.properties ?? {}, this.scope(stack, byName))) as Record<string, unknown>;
      for (const [name, spec] of Object.entries(type.properties)) if (properties[name] === undefined && spec.default !== undefined) properties[name] = spec.default;
      const made = await type.create(context, properties);
      resource.physicalId = made.physicalId;
      resource.data = made.data ?? {};
      saveResource(this.db, resource);
      await this.waitCreated(stack, resource);
    } catch (error) {
      this.fail(stack, resource, error);
    }
  }

  /** An update of properties Heat allows to change in place: the same real resource, changed (UPDATE_IN_PROGRESS, UPDATE_COMPLETE). */
  private async updateInPlace(stack: Stack, resource: StackResource, byName: Map<string, StackResource>): Promise<void> {
    const type = RESOURCE_TYPES[resource.type]!;
    const next = resource.data[REPLACEMENT] as ResourceDefinition;
    const keys = resource.data[CHANGED] as string[];
    this.setResource(resource, 'UPDATE', 'IN_PROGRESS');
    try {
      const properties = (await resolve(next.snippet.properties ?? {}, this.scope(stack, byName))) as Record<string, unknown>;
      const changes = Object.fromEntries(keys.map((key) => [key, properties[key] ?? type.properties[key]?.default ?? null]));
      const { [REPLACEMENT]: _definition, [CHANGED]: _keys, ...data } = resource.data;
      await type.update!(this.context(stack, resource), resource.physicalId!, changes, data);
      Object.assign(resource, { snippet: next.snippet, requires: next.requires, data, pending: null });
      this.setResource(resource, 'UPDATE', 'COMPLETE');
    } catch (error) {
      this.fail(stack, resource, error);
    }
  }

  /** True when the resource became complete (or failed). */
  private async waitCreated(stack: Stack, resource: StackResource): Promise<boolean> {
    const type = RESOURCE_TYPES[resource.type]!;
    try {
      if (this.now() - (resource.updatedAt ?? resource.createdAt) < this.resourceMs) return false;
      if (type.ready && !(await type.ready(this.context(stack, resource), resource.physicalId!, resource.data))) return false;
      this.setResource(resource, 'CREATE', 'COMPLETE');
    } catch (error) {
      this.fail(stack, resource, error);
    }
    return true;
  }

  /** A resource failed: the stack fails with its reason, and rolls back when it may. */
  private fail(stack: Stack, resource: StackResource, error: unknown): void {
    const reason = failureReason(resource.name, error);
    this.setResource(resource, resource.action, 'FAILED', reason);
    const action = stack.action;
    this.setStack(stack, action, 'FAILED', `Resource ${resource.action} failed: ${reason}`);
    if (action === 'CREATE' && !stack.disableRollback) this.setStack(stack, 'ROLLBACK', 'IN_PROGRESS', 'Stack ROLLBACK started');
  }

  /** Deletes the leaving resources whose dependents have gone; waits on those being deleted. */
  private async deleteStep(stack: Stack, leaving: StackResource[]): Promise<boolean> {
    let changed = false;
    for (const resource of leaving) {
      const type = RESOURCE_TYPES[resource.type]!;
      const context = this.context(stack, resource);
      try {
        if (resource.action === 'DELETE' && resource.status === 'IN_PROGRESS') {
          if (type.gone && resource.physicalId && !(await type.gone(context, resource.physicalId, resource.data))) continue;
          this.finishDelete(resource);
          changed = true;
        } else if (!leaving.some((other) => other !== resource && other.requires.includes(resource.name) && !(other.action === 'DELETE' && other.status === 'COMPLETE'))) {
          if (resource.pending === 'replace' && stack.action === 'UPDATE') {
            // Heat's events of a replacement: the update that finds it needs one, then the delete and the create.
            this.setResource(resource, 'UPDATE', 'IN_PROGRESS');
            this.setResource(resource, 'UPDATE', 'COMPLETE', `The Resource ${resource.name} requires replacement.`);
          }
          this.setResource(resource, 'DELETE', 'IN_PROGRESS');
          if (resource.physicalId) await type.remove(context, resource.physicalId, resource.data);
          changed = true;
        }
      } catch (error) {
        const reason = failureReason(resource.name, error);
        this.setResource(resource, 'DELETE', 'FAILED', reason);
        this.setStack(stack, stack.action, 'FAILED', `Resource DELETE failed: ${reason}`);
        return true;
      }
    }
    return changed;
  }

  /** A deleted resource leaves the stack, or, replaced by an update, waits to be created again from the new template. */
  private finishDelete(resource: StackResource): void {
    this.setResource(resource, 'DELETE', 'COMPLETE');
    this.db.tx(() => {
      if (resource.pending === 'replace') {
        const next = resource.data[REPLACEMENT] as ResourceDefinition;
        Object.assign(resource, { type: next.type, snippet: next.snippet, requires: next.requires, action: 'INIT', status: 'COMPLETE', statusReason: '', physicalId: null, data: {}, pending: null });
        saveResource(this.db, resource);
      } else {
        dropResource(this.db, resource.stackId, resource.name);
      }
    });
  }

  /** CHECK, SUSPEND, RESUME: each resource in turn (suspend in reverse order), all in one pass. */
  private async perResource(stack: Stack): Promise<boolean> {
    const resources = listResources(this.db, stack.id);
    const ordered = stack.action === 'SUSPEND' ? [...resources].reverse() : resources;
    let partial = false;
    for (const resource of ordered) {
      const type = RESOURCE_TYPES[resource.type]!;
      const context = this.context(stack, resource);
      try {
        if (stack.action === 'CHECK') {
          const exists = resource.physicalId ? await type.attributes(context, resource.physicalId, resource.data) : null;
          if (!exists) throw new ResourceInError(`The resource ${resource.name} does not exist`);
          if (resource.type === 'OS::Heat::RandomString') {
            partial = true;
            this.setResource(resource, 'CHECK', 'COMPLETE', `CHECK not supported for ${resource.type}`);
            continue;
          }
        } else {
          this.setResource(resource, stack.action, 'IN_PROGRESS');
          const act = stack.action === 'SUSPEND' ? type.suspend : type.resume;
          if (act && resource.physicalId) await act(context, resource.physicalId);
        }
        this.setResource(resource, stack.action, 'COMPLETE');
      } catch (error) {
        const reason = failureReason(resource.name, error);
        this.setResource(resource, stack.action, 'FAILED', reason);
        this.setStack(stack, stack.action, 'FAILED', `Resource ${stack.action} failed: ${reason}`);
        return true;
      }
    }
    this.setStack(
      stack,
      stack.action,
      'COMPLETE',
      stack.action === 'CHECK' && partial ? "Stack CHECK completed successfully. 'CHECK' not fully supported (see resources)" : `Stack ${stack.action} completed successfully`,
    );
    return true;
  }

  /** What functions see in this stack: its parameters, the physical ids and the attributes of its resources. */
  scope(stack: Stack, byName = new Map(listResources(this.db, stack.id).map((resource) => [resource.name, resource]))): Scope {
    const pseudo = { 'OS::stack_id': stack.id, 'OS::stack_name': stack.name, 'OS::project_id': stack.projectId };
    return {
      params: { ...pseudo, ...stack.parameters },
      resourceId: (name) => byName.get(name)?.physicalId ?? null,
      attribute: async (name, attribute) => {
        const resource = byName.get(name);
        if (!resource?.physicalId) return null;
        const attributes = await RESOURCE_TYPES[resource.type]!.attributes(this.context(stack, resource), resource.physicalId, resource.data);
        return attributes?.[attribute] ?? null;
      },
    };
  }

  /** The stack's outputs, evaluated now (an output that cannot be evaluated yet has output_error). */
  async outputs(stack: Stack): Promise<{ output_key: string; description: string; output_value: unknown; output_error?: string }[]> {
    if (stack.deletedAt !== null) return [];
    const template = loadTemplate(stack.template);
    const scope = this.scope(stack);
    return Promise.all(
      template.outputs.map(async (output) => {
        try {
          return { output_key: output.name, description: output.description, output_value: await resolve(output.value, scope) };
        } catch (error) {
          return { output_key: output.name, description: output.description, output_value: null, output_error: (error as Error).message };
        }
      }),
    );
  }

  /** A resource's attributes as resource show answers them. */
  async attributesOf(stack: Stack, resource: StackResource): Promise<Record<string, unknown>> {
    if (!resource.physicalId) return {};
    try {
      return (await RESOURCE_TYPES[resource.type]!.attributes(this.context(stack, resource), resource.physicalId, resource.data)) ?? {};
    } catch {
      return {};
    }
  }

  /** The rows a new template's resources start as (INIT, waiting for their requirements). */
  initialRows(stack: Stack, template: Template): StackResource[] {
    return template.resources.map((definition, position) => ({
      stackId: stack.id,
      name: definition.name,
      type: definition.type,
      snippet: definition.snippet,
      requires: definition.requires,
      action: 'INIT',
      status: 'COMPLETE',
      statusReason: '',
      physicalId: null,
      data: {},
      pending: null,
      position,
      createdAt: this.now(),
      updatedAt: null,
    }));
  }
}
