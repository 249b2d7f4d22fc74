import { isIP } from 'node:net';
import { BadRequest } from '../../core/errors.js';

/**
 * The attributes of each Octavia resource as its WSME types declare them
 * (octavia/api/v2/types/*.py): type, range, enum, default on create, whether
 * an update may change it. Validation answers with WSME's wording:
 * "Invalid input for field/attribute protocol_port. Value: '99999'. Value should be lower or equal to 65535".
 */

export type Kind = 'loadbalancer' | 'listener' | 'pool' | 'member' | 'healthmonitor' | 'l7policy' | 'l7rule';

interface Field {
  type: 'string' | 'int' | 'bool' | 'enum' | 'ip' | 'uuid' | 'object' | 'list' | 'any';
  min?: number;
  max?: number;
  values?: readonly string[];
  /** Default stored on create when absent. */
  initial?: unknown;
  required?: boolean;
  /** Accepted on create only (parent ids, VIP). */
  createOnly?: boolean;
  nullable?: boolean;
}

export const LISTENER_PROTOCOLS = ['HTTP', 'HTTPS', 'TCP', 'TERMINATED_HTTPS', 'UDP', 'SCTP', 'PROMETHEUS'] as const;
export const POOL_PROTOCOLS = ['HTTP', 'HTTPS', 'PROXY', 'PROXYV2', 'TCP', 'UDP', 'SCTP'] as const;
export const ALGORITHMS = ['LEAST_CONNECTIONS', 'ROUND_ROBIN', 'SOURCE_IP', 'SOURCE_IP_PORT'] as const;
export const PERSISTENCE_TYPES = ['SOURCE_IP', 'HTTP_COOKIE', 'APP_COOKIE'] as const;
export const MONITOR_TYPES = ['HTTP', 'HTTPS', 'PING', 'TCP', 'TLS-HELLO', 'UDP-CONNECT', 'SCTP'] as const;
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'TRACE', 'OPTIONS', 'PATCH', 'CONNECT'] as const;
export const L7_ACTIONS = ['REJECT', 'REDIRECT_TO_URL', 'REDIRECT_TO_POOL', 'REDIRECT_PREFIX'] as const;
export const L7_RULE_TYPES = ['HOST_NAME', 'PATH', 'FILE_TYPE', 'HEADER', 'COOKIE', 'SSL_CONN_HAS_CERT', 'SSL_VERIFY_RESULT', 'SSL_DN_FIELD'] as const;
export const L7_COMPARE_TYPES = ['REGEX', 'EQUAL_TO', 'STARTS_WITH', 'ENDS_WITH', 'CONTAINS'] as const;

const MAX_TIMEOUT = 31536000000;
const name = { type: 'string', initial: '', max: 255 } as const;
const description = { type: 'string', initial: '', max: 255 } as const;
const adminState = { type: 'bool', initial: true } as const;
const tags = { type: 'list', initial: [] } as const;
const optionalString = { type: 'string', initial: null, nullable: true } as const;
const optionalList = { type: 'list', initial: null, nullable: true } as const;

export const FIELDS: Record<Kind, Record<string, Field>> = {
  loadbalancer: {
    name,
    description,
    admin_state_up: adminState,
    vip_address: { type: 'ip', createOnly: true, nullable: true },
    vip_port_id: { type: 'uuid', createOnly: true, nullable: true },
    vip_subnet_id: { type: 'uuid', createOnly: true, nullable: true },
    vip_network_id: { type: 'uuid', createOnly: true, nullable: true },
    vip_qos_policy_id: { type: 'uuid', initial: null, nullable: true },
    provider: { type: 'string', createOnly: true, nullable: true },
    flavor_id: { type: 'uuid', createOnly: true, nullable: true },
    availability_zone: { type: 'string', createOnly: true, nullable: true },
    project_id: { type: 'string', createOnly: true },
    tenant_id: { type: 'string', createOnly: true },
    listeners: { type: 'list', createOnly: true },
    pools: { type: 'list', createOnly: true },
    tags,
  },
  listener: {
    name,
    description,
    admin_state_up: adminState,
    loadbalancer_id: { type: 'uuid', createOnly: true },
    protocol: { type: 'enum', values: LISTENER_PROTOCOLS, required: true, createOnly: true },
    protocol_port: { type: 'int', min: 1, max: 65535, required: true, createOnly: true },
    connection_limit: { type: 'int', min: -1, initial: -1 },
    default_tls_container_ref: { type: 'string', initial: null, nullable: true },
    sni_container_refs: { type: 'list', initial: [] },
    default_pool_id: { type: 'uuid', initial: null, nullable: true },
    default_pool: { type: 'object', createOnly: true },
    l7policies: { type: 'list', createOnly: true },
    insert_headers: { type: 'object', initial: {} },
    timeout_client_data: { type: 'int', min: 0, max: MAX_TIMEOUT, initial: 50000 },
    timeout_member_connect: { type: 'int', min: 0, max: MAX_TIMEOUT, initial: 5000 },
    timeout_member_data: { type: 'int', min: 0, max: MAX_TIMEOUT, initial: 50000 },
    timeout_tcp_inspect: { type: 'int', min: 0, max: MAX_TIMEOUT, initial: 0 },
    client_ca_tls_container_ref: optionalString,
    client_authentication: { type: 'enum', values: ['NONE', 'OPTIONAL', 'MANDATORY'], initial: 'NONE' },
    client_crl_container_ref: optionalString,
    allowed_cidrs: optionalList,
    tls_ciphers: optionalString,
    tls_versions: optionalList,
    alpn_protocols: optionalList,
    project_id: { type: 'string', createOnly: true },
    tenant_id: { type: 'string', createOnly: true },
    tags,
  },
  pool: {
    name,
    description,
    admin_state_up: adminState,
    loadbalancer_id: { type: 'uuid', createOnly: true, nullable: true },
    listener_id: { type: 'uuid', createOnly: true, nullable: true },
    protocol: { type: 'enum', values: POOL_PROTOCOLS, required: true, createOnly: true },
    lb_algorithm: { type: 'enum', values: ALGORITHMS, required: true },
    session_persistence: { type: 'object', initial: null, nullable: true },
    members: { type: 'list', createOnly: true },
    healthmonitor: { type: 'object', createOnly: true },
    tls_container_ref: optionalString,
    ca_tls_container_ref: optionalString,
    crl_container_ref: optionalString,
    tls_enabled: { type: 'bool', initial: false },
    tls_ciphers: optionalString,
    tls_versions: optionalList,
    alpn_protocols: optionalList,
    project_id: { type: 'string', createOnly: true },
    tenant_id: { type: 'string', createOnly: true },
    tags,
  },
  member: {
    name,
    admin_state_up: adminState,
    address: { type: 'ip', required: true, createOnly: true },
    protocol_port: { type: 'int', min: 1, max: 65535, required: true, createOnly: true },
    weight: { type: 'int', min: 0, max: 256, initial: 1 },
    backup: { type: 'bool', initial: false },
    subnet_id: { type: 'uuid', initial: null, nullable: true, createOnly: true },
    monitor_address: { type: 'ip', initial: null, nullable: true },
    monitor_port: { type: 'int', min: 1, max: 65535, initial: null, nullable: true },
    project_id: { type: 'string', createOnly: true },
    tenant_id: { type: 'string', createOnly: true },
    tags,
  },
  healthmonitor: {
    name,
    admin_state_up: adminState,
    pool_id: { type: 'uuid', createOnly: true },
    type: { type: 'enum', values: MONITOR_TYPES, required: true, createOnly: true },
    delay: { type: 'int', min: 0, max: 2147483647, required: true },
    timeout: { type: 'int', min: 0, max: 2147483647, required: true },
    max_retries: { type: 'int', min: 1, max: 10, required: true },
    max_retries_down: { type: 'int', min: 1, max: 10, initial: 3 },
    http_method: { type: 'enum', values: HTTP_METHODS, nullable: true },
    url_path: { type: 'string', nullable: true },
    expected_codes: { type: 'string', nullable: true },
    http_version: { type: 'any', initial: null, nullable: true },
    domain_name: optionalString,
    project_id: { type: 'string', createOnly: true },
    tenant_id: { type: 'string', createOnly: true },
    tags,
  },
  l7policy: {
    name,
    description,
    admin_state_up: adminState,
    listener_id: { type: 'uuid', createOnly: true },
    action: { type: 'enum', values: L7_ACTIONS, required: true },
    redirect_pool_id: { type: 'uuid', initial: null, nullable: true },
    redirect_pool: { type: 'object', createOnly: true },
    redirect_url: { type: 'string', initial: null, nullable: true },
    redirect_prefix: { type: 'string', initial: null, nullable: true },
    redirect_http_code: { type: 'int', initial: null, nullable: true },
    position: { type: 'int', min: 1, max: 2147483647, nullable: true },
    rules: { type: 'list', createOnly: true },
    project_id: { type: 'string', createOnly: true },
    tenant_id: { type: 'string', createOnly: true },
    tags,
  },
  l7rule: {
    admin_state_up: adminState,
    type: { type: 'enum', values: L7_RULE_TYPES, required: true },
    compare_type: { type: 'enum', values: L7_COMPARE_TYPES, required: true },
    key: { type: 'string', initial: null, nullable: true },
    value: { type: 'string', required: true, max: 255 },
    invert: { type: 'bool', initial: false },
    project_id: { type: 'string', createOnly: true },
    tenant_id: { type: 'string', createOnly: true },
    tags,
  },
};

const invalid = (field: string, value: unknown, reason: string) =>
  new BadRequest(`Invalid input for field/attribute ${field}. Value: '${typeof value === 'object' ? JSON.stringify(value) : String(value)}'. ${reason}`);

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

function check(field: string, spec: Field, value: unknown): unknown {
  if (value === null) {
    if (spec.nullable || !spec.required) return null;
    throw invalid(field, 'None', 'Mandatory field missing.');
  }
  switch (spec.type) {
    case 'string':
      if (typeof value !== 'string') throw invalid(field, value, 'Value should be string');
      if (spec.max !== undefined && value.length > spec.max) throw invalid(field, value, `Value should have a maximum character requirement of ${spec.max}`);
      return value;
    case 'uuid':
      if (typeof value !== 'string' || !UUID.test(value)) throw invalid(field, value, 'Value should be UUID format');
      return value;
    case 'ip':
      if (typeof value !== 'string' || !isIP(value)) throw invalid(field, value, 'Value should be IPv4 or IPv6 format');
      return value;
    case 'bool':
      if (typeof value !== 'boolean') throw invalid(field, value, "Wrong type. Expected '<class 'bool'>', got '" + `<class '${typeof value === 'number' ? 'int' : 'str'}'>'`);
      return value;
    case 'int': {
      const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number)) throw invalid(field, value, `invalid literal for int() with base 10: '${String(value)}'`);
      if (spec.min !== undefined && number < spec.min) throw invalid(field, value, `Value should be greater or equal to ${spec.min}`);
      if (spec.max !== undefined && number > spec.max) throw invalid(field, value, `Value should be lower or equal to ${spec.max}`);
      return number;
    }
    case 'enum':
      if (typeof value !== 'string' || !spec.values!.includes(value)) throw invalid(field, value, `Value should be one of: ${spec.values!.join(', ')}`);
      return value;
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) throw invalid(field, value, 'Value should be an object');
      return value;
    case 'list':
      if (!Array.isArray(value)) throw invalid(field, value, 'Value should be a list');
      return value;
    default:
      return value;
  }
}

/**
 * The `<kind>` object of a body, checked field by field; on create the
 * required ones must be there and the defaults fill the rest. Unknown
 * attributes are refused as WSME does ("Unknown attribute for argument listener_.listener: foo").
 */
export function parseAttributes(kind: Kind, input: unknown, mode: 'create' | 'update', argument = `${kind}_.${kind}`): Record<string, unknown> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalid(`${kind}_`, input, 'Missing argument: "' + kind + '"');
  const specs = FIELDS[kind];
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input as Record<string, unknown>)) {
    const spec = specs[field];
    if (!spec || (mode === 'update' && spec.createOnly)) {
      if (mode === 'update' && spec) throw invalid(field, value, 'Value is read-only.');
      throw new BadRequest(`Unknown attribute for argument ${argument}: ${field}`);
    }
    values[field] = check(field, spec, value);
  }
  if (mode === 'create') {
    for (const [field, spec] of Object.entries(specs)) {
      if (values[field] === undefined && spec.required) throw invalid(field, 'None', 'Mandatory field missing.');
      if (values[field] === undefined && spec.initial !== undefined) values[field] = structuredClone(spec.initial);
    }
  }
  return values;
}

/** The attributes stored for a kind (relations and parent ids are kept elsewhere). */
export const RELATION_FIELDS = new Set([
  'listeners', 'pools', 'default_pool', 'l7policies', 'members', 'healthmonitor', 'rules', 'redirect_pool',
  'loadbalancer_id', 'listener_id', 'pool_id', 'project_id', 'tenant_id',
]);

export function storedAttributes(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => !RELATION_FIELDS.has(key) && value !== undefined));
}
