/**
 * What a Heat resource plugin is here: the properties it takes, and how it
 * creates, waits for, deletes and describes the real resource, through the
 * other services' native APIs (`CloudClient`), as Heat's plugins do through
 * the service clients, so every quota, validation and policy of those
 * services applies.
 */

export type Service = 'compute' | 'network' | 'volumev3' | 'image';

/** A native call that the service refused: its status and its message. */
export class CallFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A resource that went wrong after it was made (a server in ERROR): Heat's ResourceInError. */
export class ResourceInError extends Error {}

export interface CloudClient {
  projectId: string;
  /** The JSON answer; CallFailure on a 4xx/5xx. */
  call(service: Service, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
  /** GET answering null on a 404. */
  find(service: Service, path: string): Promise<unknown>;
}

export interface PropertySpec {
  required?: boolean;
  default?: unknown;
  /** Heat's `update_allowed`: a change of this property is made in place (the plugin's `update`); any other change replaces the resource. */
  updateAllowed?: boolean;
}

export interface ResourceContext {
  cloud: CloudClient;
  stackName: string;
  resourceName: string;
}

export interface Made {
  physicalId: string;
  /** What the plugin keeps to answer attributes later (a random string's value, a generated private key). */
  data?: Record<string, unknown>;
}

export interface ResourceType {
  properties: Record<string, PropertySpec>;
  create(context: ResourceContext, properties: Record<string, unknown>): Promise<Made>;
  /** True once the real resource is usable (a server ACTIVE); ResourceInError when it failed. Absent: ready at once. */
  ready?(context: ResourceContext, physicalId: string, data: Record<string, unknown>): Promise<boolean>;
  /** Changes the real resource in place: `changes` holds the new values of the changed properties, all of them `updateAllowed`. */
  update?(context: ResourceContext, physicalId: string, changes: Record<string, unknown>, data: Record<string, unknown>): Promise<void>;
  /** Starts deleting; a resource already gone is fine. */
  remove(context: ResourceContext, physicalId: string, data: Record<string, unknown>): Promise<void>;
  /** True once the deletion is over. Absent: over at once. */
  gone?(context: ResourceContext, physicalId: string, data: Record<string, unknown>): Promise<boolean>;
  /** The resource's attributes (`get_attr`, resource show); null when the real resource no longer exists. */
  attributes(context: ResourceContext, physicalId: string, data: Record<string, unknown>): Promise<Record<string, unknown> | null>;
  suspend?(context: ResourceContext, physicalId: string): Promise<void>;
  resume?(context: ResourceContext, physicalId: string): Promise<void>;
}

/** Heat's physical_resource_name: `<stack>-<resource>-<12 random lower-case letters and digits>`. */
export function physicalName(context: ResourceContext): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let suffix = '';
  for (let index = 0; index < 12; index++) suffix += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `${context.stackName}-${context.resourceName}-${suffix}`;
}

/** Copies the properties that are set (not null/undefined), renaming some: Heat property → API field. */
export function pick(properties: Record<string, unknown>, names: string[], rename: Record<string, string> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of names) if (properties[name] !== undefined && properties[name] !== null) body[rename[name] ?? name] = properties[name];
  return body;
}

/**
 * The type with Heat's `update_allowed` properties marked and an `update`
 * that changes the real resource in place with `apply` (the new values of
 * the changed properties, null for one taken out of the template).
 */
export function updatable(type: ResourceType, names: string[], apply: NonNullable<ResourceType['update']>): ResourceType {
  const properties = Object.fromEntries(Object.entries(type.properties).map(([name, spec]) => [name, names.includes(name) ? { ...spec, updateAllowed: true } : spec]));
  return { ...type, properties, update: apply };
}
