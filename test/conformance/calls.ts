/**
 * The native calls the server makes (server/openstack, server/api), each with
 * the fields the server reads. `npm run test:conformance` sends every call to
 * the emulator and to a real cloud and compares what comes back. Each service
 * issue adds its calls here.
 *
 * Paths: `a.b` is a key, `a[]` the items of an array (every item is checked),
 * `a[].b` a key of each item.
 */
import { NEUTRON_CALLS } from './neutron-calls.js';
import { NEUTRON_ADMIN_CALLS } from './neutron-admin-calls.js';
import { ADMIN_SEARCH_CALLS } from './admin-search-calls.js';
import { NOVA_SERVER_CALLS } from './nova-server-calls.js';
import { SECURITY_GROUP_CALLS } from './security-group-calls.js';
import { NEUTRON_ROUTER_CALLS } from './neutron-router-calls.js';
import { USAGE_QUOTA_CALLS } from './usage-quota-calls.js';
import { SWIFT_CALLS } from './swift-calls.js';
import { OCTAVIA_CALLS } from './octavia-calls.js';
import { NETWORK_TOPOLOGY_CALLS } from './network-topology-calls.js';
import { BACKUP_SERVICE_CALLS } from './backup-calls.js';
import { HEAT_CALLS } from './heat-calls.js';
import { ADMIN_VOLUME_AGGREGATE_CALLS } from './admin-volume-aggregate-calls.js';
import { type Reading, settle } from './settle.js';

export interface ConformanceContext {
  /** Keystone v3 root, e.g. http://127.0.0.1:5000/v3 */
  identity: string;
  /** Service URLs from the demo token's catalog. */
  endpoint(type: string): string;
  demoToken: string;
  adminToken: string;
  demoUserId: string;
  demoProjectId: string;
  demoPassword: string;
  /** A name unique to this run, for things it creates. */
  unique(prefix: string): string;
  /** Remembered between calls (e.g. a created key pair's name). */
  saved: Record<string, string>;
}

export interface NativeCall {
  service: 'identity' | 'compute' | 'image' | 'volume' | 'network' | 'object-store' | 'orchestration' | 'load-balancer';
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  url(ctx: ConformanceContext): string;
  headers?(ctx: ConformanceContext): Record<string, string>;
  body?(ctx: ConformanceContext): unknown;
  /** A body sent as raw bytes (image data); its Content-Type goes in `headers`. */
  rawBody?(ctx: ConformanceContext): Uint8Array<ArrayBuffer>;
  /** Fields the server reads from the answer; their JSON types must agree. */
  reads: string[];
  /**
   * Read fields the API documents as nullable: null on one side and a value on
   * the other is data (a seeded description, say), not a difference.
   */
  nullable?: string[];
  /** Response headers the server reads. */
  readsHeaders?: string[];
  /** The answer's top-level keys are the cloud's configuration (Swift's /info lists its middleware): compare `reads` only. */
  keysAreConfiguration?: boolean;
  /** Runs after the call, e.g. to remember a created name. */
  after?(ctx: ConformanceContext, body: any): void;
  /** Runs before the call, e.g. to wait until a volume has left `creating`. */
  before?(ctx: ConformanceContext): Promise<void>;
  /**
   * A service behind the API the call needs running (Cinder's backups need
   * cinder-backup). When the real cloud lacks it, a difference is reported as
   * that absence, expected, not as a failure; when it has it, the call is
   * compared as any other.
   */
  needs?: RealService;
}

/** Services a cloud may lack while its API still answers: see `probeServices` in run.ts. */
export type RealService = 'cinder-backup';

const token = (which: 'demoToken' | 'adminToken', microversion?: string) => (ctx: ConformanceContext) => ({
  'X-Auth-Token': ctx[which],
  ...(microversion
    ? {
        'OpenStack-API-Version': `compute ${microversion}`,
        'X-OpenStack-Nova-API-Version': microversion,
      }
    : {}),
});

const FLAVOR_FIELDS = [
  'id',
  'name',
  'ram',
  'vcpus',
  'disk',
  'swap',
  'rxtx_factor',
  'OS-FLV-EXT-DATA:ephemeral',
  'OS-FLV-DISABLED:disabled',
  'os-flavor-access:is_public',
  'links[].href',
];
/** The server group fields the server passes on (`policies` before 2.64). */
const SERVER_GROUP_FIELDS = ['id', 'name', 'policies[]', 'members', 'metadata'];

const passwordAuth = (ctx: ConformanceContext, password: string, scope?: unknown) => ({
  auth: {
    identity: {
      methods: ['password'],
      password: {
        user: { name: 'demo', domain: { name: 'Default' }, password },
      },
    },
    ...(scope ? { scope } : {}),
  },
});

const TOKEN_FIELDS = ['token.methods[]', 'token.user.id', 'token.user.name', 'token.user.domain.id', 'token.user.domain.name', 'token.expires_at'];
const SCOPED_FIELDS = [
  ...TOKEN_FIELDS,
  'token.project.id',
  'token.project.name',
  'token.roles[].name',
  'token.catalog[].id',
  'token.catalog[].type',
  'token.catalog[].name',
  'token.catalog[].endpoints[].id',
  'token.catalog[].endpoints[].interface',
  'token.catalog[].endpoints[].region',
  'token.catalog[].endpoints[].region_id',
  'token.catalog[].endpoints[].url',
];

/** Keystone administration (issue 7): the calls of /api/keystone/{domains,projects,users,groups,roles}. */
const USER_FIELDS = ['id', 'name', 'domain_id', 'enabled', 'password_expires_at', 'links.self'];
const PROJECT_FIELDS = ['id', 'name', 'domain_id', 'description', 'enabled', 'parent_id', 'is_domain', 'tags', 'links.self'];
const DOMAIN_FIELDS = ['id', 'name', 'description', 'enabled', 'tags', 'links.self'];
const admin = token('adminToken');
const json = (ctx: ConformanceContext) => ({
  ...admin(ctx),
  'Content-Type': 'application/json',
});
const IDENTITY_ADMIN_CALLS: NativeCall[] = [
  {
    service: 'identity',
    name: 'POST /v3/domains',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/domains`,
    headers: json,
    body: (ctx) => ({
      domain: {
        name: ctx.unique('conf-domain'),
        description: 'conformance',
        enabled: true,
      },
    }),
    reads: DOMAIN_FIELDS.map((field) => `domain.${field}`),
    after: (ctx, body) => void (ctx.saved.domain = body.domain.id),
  },
  {
    service: 'identity',
    name: 'GET /v3/domains',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/domains`,
    headers: admin,
    reads: DOMAIN_FIELDS.map((field) => `domains[].${field}`),
  },
  {
    service: 'identity',
    name: 'POST /v3/projects',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/projects`,
    headers: json,
    body: (ctx) => ({
      project: {
        name: ctx.unique('conf-project'),
        description: '',
        enabled: true,
        domain_id: ctx.saved.domain,
      },
    }),
    reads: PROJECT_FIELDS.map((field) => `project.${field}`),
    after: (ctx, body) => void (ctx.saved.project = body.project.id),
  },
  {
    service: 'identity',
    name: 'POST /v3/projects (duplicate name)',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/projects`,
    headers: json,
    body: () => ({ project: { name: 'demo', domain_id: 'default' } }),
    reads: ['error.code', 'error.message'],
  },
  {
    service: 'identity',
    name: 'GET /v3/projects',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/projects`,
    headers: admin,
    reads: PROJECT_FIELDS.map((field) => `projects[].${field}`),
  },
  {
    service: 'identity',
    name: 'PATCH /v3/projects/{id}',
    method: 'PATCH',
    url: (ctx) => `${ctx.identity}/projects/${ctx.saved.project}`,
    headers: json,
    body: () => ({ project: { description: 'changed' } }),
    reads: ['project.description'],
  },
  {
    service: 'identity',
    name: 'POST /v3/users',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/users`,
    headers: json,
    body: (ctx) => ({
      user: {
        name: ctx.unique('conf-user'),
        email: 'c@example.com',
        password: 'conf-pass-1',
        default_project_id: ctx.saved.project,
        enabled: true,
        domain_id: 'default',
      },
    }),
    reads: [...USER_FIELDS.map((field) => `user.${field}`), 'user.email', 'user.default_project_id'],
    after: (ctx, body) => void (ctx.saved.user = body.user.id),
  },
  {
    service: 'identity',
    name: 'GET /v3/users?domain_id=default',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/users?domain_id=default`,
    headers: admin,
    reads: USER_FIELDS.map((field) => `users[].${field}`),
  },
  {
    service: 'identity',
    name: 'GET /v3/users/{id}',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/users/${ctx.saved.user}`,
    headers: admin,
    reads: USER_FIELDS.map((field) => `user.${field}`),
  },
  {
    service: 'identity',
    name: 'PATCH /v3/users/{id} (enabled)',
    method: 'PATCH',
    url: (ctx) => `${ctx.identity}/users/${ctx.saved.user}`,
    headers: json,
    body: () => ({ user: { enabled: false } }),
    reads: ['user.enabled'],
  },
  {
    service: 'identity',
    name: 'PATCH /v3/users/{id} (password)',
    method: 'PATCH',
    url: (ctx) => `${ctx.identity}/users/${ctx.saved.user}`,
    headers: json,
    body: () => ({ user: { password: 'conf-pass-2' } }),
    reads: ['user.id'],
  },
  {
    service: 'identity',
    name: 'POST /v3/roles',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/roles`,
    headers: json,
    body: (ctx) => ({ role: { name: ctx.unique('conf-role') } }),
    reads: ['role.id', 'role.name', 'role.domain_id'],
    after: (ctx, body) => void (ctx.saved.role = body.role.id),
  },
  {
    service: 'identity',
    name: 'POST /v3/roles (duplicate name)',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/roles`,
    headers: json,
    body: () => ({ role: { name: 'member' } }),
    reads: ['error.code', 'error.message'],
  },
  {
    service: 'identity',
    name: 'GET /v3/roles',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/roles`,
    headers: admin,
    reads: ['roles[].id', 'roles[].name', 'roles[].domain_id'],
  },
  {
    service: 'identity',
    name: 'PATCH /v3/roles/{id}',
    method: 'PATCH',
    url: (ctx) => `${ctx.identity}/roles/${ctx.saved.role}`,
    headers: json,
    body: (ctx) => ({ role: { name: ctx.unique('conf-role-renamed') } }),
    reads: ['role.name'],
  },
  {
    service: 'identity',
    name: 'PUT /v3/projects/{p}/users/{u}/roles/{r}',
    method: 'PUT',
    url: (ctx) => `${ctx.identity}/projects/${ctx.saved.project}/users/${ctx.saved.user}/roles/${ctx.saved.role}`,
    headers: admin,
    reads: [],
  },
  {
    service: 'identity',
    name: 'GET /v3/projects/{p}/users/{u}/roles',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/projects/${ctx.saved.project}/users/${ctx.saved.user}/roles`,
    headers: admin,
    reads: ['roles[].id', 'roles[].name'],
  },
  {
    service: 'identity',
    name: 'GET /v3/users/{u}/projects',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/users/${ctx.saved.user}/projects`,
    headers: admin,
    reads: PROJECT_FIELDS.map((field) => `projects[].${field}`),
  },
  {
    service: 'identity',
    name: 'DELETE /v3/projects/{p}/users/{u}/roles/{r}',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/projects/${ctx.saved.project}/users/${ctx.saved.user}/roles/${ctx.saved.role}`,
    headers: admin,
    reads: [],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/projects/{p}/users/{u}/roles/{r} (not granted)',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/projects/${ctx.saved.project}/users/${ctx.saved.user}/roles/${ctx.saved.role}`,
    headers: admin,
    reads: ['error.code', 'error.title'],
  },
  {
    service: 'identity',
    name: 'POST /v3/groups',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/groups`,
    headers: json,
    body: (ctx) => ({
      group: {
        name: ctx.unique('conf-group'),
        description: 'g',
        domain_id: 'default',
      },
    }),
    reads: ['group.id', 'group.name', 'group.description', 'group.domain_id'],
    after: (ctx, body) => void (ctx.saved.group = body.group.id),
  },
  {
    service: 'identity',
    name: 'GET /v3/groups?domain_id=default',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/groups?domain_id=default`,
    headers: admin,
    reads: ['groups[].id', 'groups[].name', 'groups[].description', 'groups[].domain_id'],
  },
  {
    service: 'identity',
    name: 'PATCH /v3/groups/{id}',
    method: 'PATCH',
    url: (ctx) => `${ctx.identity}/groups/${ctx.saved.group}`,
    headers: json,
    body: () => ({ group: { name: 'conf-group-renamed', description: '' } }),
    reads: ['group.name'],
  },
  {
    service: 'identity',
    name: 'GET /v3/groups/{id}/users',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/groups/${ctx.saved.group}/users`,
    headers: admin,
    reads: [],
  },
  {
    service: 'identity',
    name: 'POST /v3/users (by demo: forbidden)',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/users`,
    headers: (ctx) => ({
      'X-Auth-Token': ctx.demoToken,
      'Content-Type': 'application/json',
    }),
    body: () => ({ user: { name: 'never' } }),
    reads: ['error.code', 'error.message'],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/domains/{id} (enabled: forbidden)',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/domains/${ctx.saved.domain}`,
    headers: admin,
    reads: ['error.code', 'error.message'],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/groups/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/groups/${ctx.saved.group}`,
    headers: admin,
    reads: [],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/users/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/users/${ctx.saved.user}`,
    headers: admin,
    reads: [],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/roles/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/roles/${ctx.saved.role}`,
    headers: admin,
    reads: [],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/projects/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/projects/${ctx.saved.project}`,
    headers: admin,
    reads: [],
  },
  {
    service: 'identity',
    name: 'PATCH /v3/domains/{id} (disable)',
    method: 'PATCH',
    url: (ctx) => `${ctx.identity}/domains/${ctx.saved.domain}`,
    headers: json,
    body: () => ({ domain: { enabled: false } }),
    reads: ['domain.enabled'],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/domains/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/domains/${ctx.saved.domain}`,
    headers: admin,
    reads: [],
  },
];

/** The image fields the server reads (api-contract §4 to_dict, §14.3). */
const IMAGE_FIELDS = [
  'id',
  'name',
  'status',
  'visibility',
  'protected',
  'os_hidden',
  'disk_format',
  'container_format',
  'size',
  'virtual_size',
  'min_disk',
  'min_ram',
  'checksum',
  'os_hash_algo',
  'os_hash_value',
  'owner',
  'tags',
  'created_at',
  'updated_at',
  'file',
  'schema',
  'self',
];
const GLANCE_PATCH = 'application/openstack-images-v2.1-json-patch';
const glance = (which: 'demoToken' | 'adminToken', contentType?: string) => (ctx: ConformanceContext) => ({
  'X-Auth-Token': ctx[which],
  ...(contentType ? { 'Content-Type': contentType } : {}),
});

/** Glance v2 (server/api/glance): images, their data, and metadata definitions. */
const IMAGE_CALLS: NativeCall[] = [
  {
    service: 'image',
    name: 'GET /v2/schemas/image',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/schemas/image`,
    headers: glance('demoToken'),
    reads: ['properties.disk_format.enum[]', 'properties.container_format.enum[]'],
  },
  {
    service: 'image',
    name: 'POST /v2/images (private, custom property)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images`,
    headers: glance('demoToken'),
    body: (ctx) => ({
      name: ctx.unique('conf-image'),
      disk_format: 'raw',
      container_format: 'bare',
      visibility: 'private',
      min_disk: 0,
      min_ram: 0,
      protected: false,
      conformance: 'yes',
    }),
    reads: [...IMAGE_FIELDS, 'conformance'],
    readsHeaders: ['location'],
    after: (ctx, body) => void (ctx.saved.image = body.id),
  },
  {
    service: 'image',
    name: 'POST /v2/images (admin, private)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images`,
    headers: glance('adminToken'),
    body: (ctx) => ({ name: ctx.unique('conf-admin-image'), visibility: 'private' }),
    reads: IMAGE_FIELDS,
    after: (ctx, body) => void (ctx.saved.adminImage = body.id),
  },
  {
    service: 'image',
    name: 'POST /v2/images (public by a member)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images`,
    headers: glance('demoToken'),
    body: (ctx) => ({ name: ctx.unique('conf-public'), visibility: 'public' }),
    reads: ['message', 'code', 'title'],
  },
  {
    service: 'image',
    name: 'POST /v2/images (unknown visibility)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images`,
    headers: glance('demoToken'),
    body: (ctx) => ({ name: ctx.unique('conf-bad'), visibility: 'everyone' }),
    reads: ['message', 'code', 'title'],
  },
  {
    service: 'image',
    name: 'GET /v2/images?limit&sort_key&sort_dir',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images?limit=1000&sort_key=created_at&sort_dir=desc`,
    headers: glance('demoToken'),
    reads: [...IMAGE_FIELDS.map((field) => `images[].${field}`), 'first', 'schema'],
    // Glance documents these as null until data is uploaded: a queued image in the cloud's list (another client's) has them null.
    nullable: ['disk_format', 'container_format', 'size', 'virtual_size', 'checksum', 'os_hash_algo', 'os_hash_value'].map((field) => `images[].${field}`),
  },
  {
    service: 'image',
    name: 'GET /v2/images?limit=1 (next link)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images?limit=1`,
    headers: glance('demoToken'),
    reads: ['images[].id', 'next'],
  },
  {
    service: 'image',
    name: 'GET /v2/images/{id}',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken'),
    reads: [...IMAGE_FIELDS, 'conformance'],
  },
  {
    service: 'image',
    name: "GET /v2/images/{id} (another project's private image)",
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.adminImage}`,
    headers: glance('demoToken'),
    reads: ['message', 'code', 'title'],
  },
  {
    service: 'image',
    name: 'PATCH /v2/images/{id} (JSON patch)',
    method: 'PATCH',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken', GLANCE_PATCH),
    body: () => [
      { op: 'add', path: '/hw_disk_bus', value: 'scsi' },
      { op: 'replace', path: '/min_ram', value: 64 },
      { op: 'remove', path: '/conformance' },
    ],
    reads: [...IMAGE_FIELDS, 'hw_disk_bus'],
  },
  {
    service: 'image',
    name: 'PATCH /v2/images/{id} (remove a missing property)',
    method: 'PATCH',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken', GLANCE_PATCH),
    body: () => [{ op: 'remove', path: '/not_there' }],
    reads: ['message', 'code', 'title'],
  },
  {
    service: 'image',
    name: 'PUT /v2/images/{id}/file',
    method: 'PUT',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}/file`,
    headers: glance('demoToken', 'application/octet-stream'),
    rawBody: () => new TextEncoder().encode('conformance image data\n'.repeat(100)),
    reads: [],
  },
  {
    service: 'image',
    name: 'GET /v2/images/{id} (after upload: size, checksum, os_hash)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken'),
    reads: IMAGE_FIELDS,
  },
  {
    service: 'image',
    name: 'PUT /v2/images/{id}/file (again: active)',
    method: 'PUT',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}/file`,
    headers: glance('demoToken', 'application/octet-stream'),
    rawBody: () => new TextEncoder().encode('again'),
    reads: ['message', 'code', 'title'],
  },
  {
    service: 'image',
    name: 'POST /v2/images/{id}/actions/deactivate (admin)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}/actions/deactivate`,
    headers: glance('adminToken'),
    reads: [],
  },
  {
    service: 'image',
    name: 'POST /v2/images/{id}/actions/reactivate (admin)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}/actions/reactivate`,
    headers: glance('adminToken'),
    reads: [],
  },
  {
    service: 'image',
    name: 'PATCH /v2/images/{id} (protect)',
    method: 'PATCH',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken', GLANCE_PATCH),
    body: () => [{ op: 'replace', path: '/protected', value: true }],
    reads: ['protected'],
  },
  {
    service: 'image',
    name: 'DELETE /v2/images/{id} (protected)',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken'),
    reads: ['message', 'code', 'title'],
  },
  {
    service: 'image',
    name: 'PATCH /v2/images/{id} (unprotect)',
    method: 'PATCH',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken', GLANCE_PATCH),
    body: () => [{ op: 'replace', path: '/protected', value: false }],
    reads: ['protected'],
  },
  {
    service: 'image',
    name: 'DELETE /v2/images/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken'),
    reads: [],
  },
  {
    service: 'image',
    name: 'DELETE /v2/images/{id} (admin)',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.adminImage}`,
    headers: glance('adminToken'),
    reads: [],
  },
  {
    service: 'image',
    name: 'GET /v2/images/{deleted id}',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/images/${ctx.saved.image}`,
    headers: glance('demoToken'),
    reads: ['message', 'code', 'title'],
  },
  {
    service: 'image',
    name: 'GET /v2/metadefs/namespaces?resource_types=OS::Glance::Image',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/metadefs/namespaces?resource_types=OS::Glance::Image&limit=1000&sort_key=namespace&sort_dir=asc`,
    headers: glance('demoToken'),
    reads: ['namespaces[].namespace', 'namespaces[].resource_type_associations[].name', 'namespaces[].resource_type_associations[].prefix', 'first', 'schema'],
  },
  {
    service: 'image',
    name: 'GET /v2/metadefs/resource_types',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image')}/v2/metadefs/resource_types`,
    headers: glance('demoToken'),
    reads: ['resource_types[].name', 'resource_types[].created_at', 'resource_types[].updated_at'],
  },
];

// ---- Cinder v3 (server/api/cinder/); the admin's calls go to the admin project's URL ----
const cinderHeaders = (which: 'demoToken' | 'adminToken', microversion?: string) => (ctx: ConformanceContext) => ({
  'X-Auth-Token': ctx[which],
  ...(microversion ? { 'OpenStack-API-Version': `volume ${microversion}` } : {}),
});
const demoCinder = (ctx: ConformanceContext) => ctx.endpoint('volumev3');
const adminCinder = (ctx: ConformanceContext) => ctx.endpoint('volumev3').replace(ctx.demoProjectId, ctx.saved.adminProjectId);

/** Polls a Cinder resource until `done` says so (creating and deleting take a moment on both clouds). */
async function waitFor(ctx: ConformanceContext, path: string, done: (reading: Reading) => boolean): Promise<void> {
  await settle(`${demoCinder(ctx)}${path}`, ctx.demoToken, done);
}
const settled = (key: 'volume' | 'snapshot') => ({ status, body }: Reading) =>
  status !== 200 || !['creating', 'deleting', 'extending'].includes(body[key].status);

const VOLUME_FIELDS = [
  'id',
  'name',
  'description',
  'size',
  'status',
  'created_at',
  'volume_type',
  'availability_zone',
  'bootable',
  'snapshot_id',
  'source_volid',
  'attachments',
  'metadata',
  'encrypted',
  'multiattach',
  'group_id',
  'consistencygroup_id',
];
const SNAPSHOT_FIELDS = ['id', 'name', 'description', 'size', 'status', 'created_at', 'volume_id', 'metadata', 'os-extended-snapshot-attributes:project_id'];

const CINDER_CALLS: NativeCall[] = [
  {
    service: 'identity',
    name: 'GET /v3/auth/tokens (admin validates its own token)',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    headers: (ctx) => ({ 'X-Auth-Token': ctx.adminToken, 'X-Subject-Token': ctx.adminToken }),
    reads: ['token.project.id'],
    after: (ctx, body) => (ctx.saved.adminProjectId = body.token.project.id),
  },
  {
    service: 'volume',
    name: 'GET / (version document)',
    method: 'GET',
    url: (ctx) => demoCinder(ctx).replace(/\/v3\/[^/]+$/, '/'),
    reads: ['versions[].id', 'versions[].version', 'versions[].min_version'],
  },
  {
    service: 'volume',
    name: 'GET /types',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/types`,
    headers: cinderHeaders('demoToken'),
    reads: ['volume_types[].id', 'volume_types[].name', 'volume_types[].description', 'volume_types[].extra_specs', 'volume_types[].is_public'],
    nullable: ['volume_types[].description'],
  },
  {
    service: 'volume',
    name: 'GET /types/default',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/types/default`,
    headers: cinderHeaders('demoToken'),
    reads: ['volume_type.id', 'volume_type.name', 'volume_type.description', 'volume_type.extra_specs'],
    after: (ctx, body) => (ctx.saved.defaultType = body.volume_type.id),
  },
  {
    service: 'volume',
    name: 'GET /types/{id}/extra_specs',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/types/${ctx.saved.defaultType}/extra_specs`,
    headers: cinderHeaders('demoToken'),
    reads: ['extra_specs'],
  },
  {
    service: 'volume',
    name: 'POST /volumes [3.58]',
    method: 'POST',
    url: (ctx) => `${demoCinder(ctx)}/volumes`,
    headers: cinderHeaders('demoToken', '3.58'),
    body: (ctx) => ({
      volume: {
        size: 1,
        name: ctx.unique('conf-vol'),
        description: null,
        volume_type: null,
        snapshot_id: null,
        metadata: { a: 'b' },
        imageRef: null,
        availability_zone: null,
        source_volid: null,
      },
    }),
    reads: VOLUME_FIELDS.map((field) => `volume.${field}`),
    after: (ctx, body) => (ctx.saved.volume = body.volume.id),
  },
  {
    service: 'volume',
    name: 'POST /volumes (over the gigabytes quota)',
    method: 'POST',
    url: (ctx) => `${demoCinder(ctx)}/volumes`,
    headers: cinderHeaders('demoToken'),
    body: () => ({ volume: { size: 100000 } }),
    reads: ['overLimit.code', 'overLimit.message'],
  },
  {
    service: 'volume',
    name: 'GET /volumes/{id} [3.58]',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/volumes/${ctx.saved.volume}`,
    headers: cinderHeaders('demoToken', '3.58'),
    before: (ctx) => waitFor(ctx, `/volumes/${ctx.saved.volume}`, settled('volume')),
    reads: [...VOLUME_FIELDS, 'os-vol-tenant-attr:tenant_id'].map((field) => `volume.${field}`),
  },
  {
    service: 'volume',
    name: 'GET /volumes/{missing}',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/volumes/00000000-0000-4000-8000-000000000000`,
    headers: cinderHeaders('demoToken'),
    reads: ['itemNotFound.message'],
  },
  {
    service: 'volume',
    name: 'GET /volumes/detail?sort=created_at:desc&limit=2 [3.58]',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/volumes/detail?sort=created_at:desc&limit=2`,
    headers: cinderHeaders('demoToken', '3.58'),
    reads: [...VOLUME_FIELDS, 'os-vol-tenant-attr:tenant_id'].map((field) => `volumes[].${field}`),
    nullable: ['volumes[].description'],
  },
  {
    service: 'volume',
    name: 'GET /volumes/detail?all_tenants=1 (admin) [3.58]',
    method: 'GET',
    url: (ctx) => `${adminCinder(ctx)}/volumes/detail?all_tenants=1`,
    headers: cinderHeaders('adminToken', '3.58'),
    reads: ['volumes[].id', 'volumes[].os-vol-tenant-attr:tenant_id', 'volumes[].os-vol-host-attr:host'],
  },
  {
    service: 'volume',
    name: 'GET /os-volume-transfer/detail',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/os-volume-transfer/detail`,
    headers: cinderHeaders('demoToken'),
    reads: ['transfers'],
  },
  {
    service: 'volume',
    name: 'POST /volumes/{id}/metadata',
    method: 'POST',
    url: (ctx) => `${demoCinder(ctx)}/volumes/${ctx.saved.volume}/metadata`,
    headers: cinderHeaders('demoToken'),
    body: () => ({ metadata: { c: 'd' } }),
    reads: ['metadata'],
  },
  {
    service: 'volume',
    name: 'DELETE /volumes/{id}/metadata/{key}',
    method: 'DELETE',
    url: (ctx) => `${demoCinder(ctx)}/volumes/${ctx.saved.volume}/metadata/a`,
    headers: cinderHeaders('demoToken'),
    reads: [],
  },
  {
    service: 'volume',
    name: 'POST /snapshots',
    method: 'POST',
    url: (ctx) => `${demoCinder(ctx)}/snapshots`,
    headers: cinderHeaders('demoToken'),
    body: (ctx) => ({ snapshot: { volume_id: ctx.saved.volume, name: ctx.unique('conf-snap') } }),
    reads: ['snapshot.id', 'snapshot.status', 'snapshot.volume_id', 'snapshot.size'],
    after: (ctx, body) => (ctx.saved.snapshot = body.snapshot.id),
  },
  {
    service: 'volume',
    name: 'GET /snapshots/{id} [3.58]',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/snapshots/${ctx.saved.snapshot}`,
    headers: cinderHeaders('demoToken', '3.58'),
    before: (ctx) => waitFor(ctx, `/snapshots/${ctx.saved.snapshot}`, settled('snapshot')),
    reads: [...SNAPSHOT_FIELDS, 'group_snapshot_id'].map((field) => `snapshot.${field}`),
  },
  {
    service: 'volume',
    name: 'GET /snapshots/detail?status=available',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/snapshots/detail?status=available`,
    headers: cinderHeaders('demoToken'),
    reads: SNAPSHOT_FIELDS.map((field) => `snapshots[].${field}`),
  },
  {
    service: 'volume',
    name: 'POST /snapshots/{id}/metadata',
    method: 'POST',
    url: (ctx) => `${demoCinder(ctx)}/snapshots/${ctx.saved.snapshot}/metadata`,
    headers: cinderHeaders('demoToken'),
    body: () => ({ metadata: { k: 'v' } }),
    reads: ['metadata'],
  },
  {
    service: 'volume',
    name: 'DELETE /snapshots/{id}/metadata/{key}',
    method: 'DELETE',
    url: (ctx) => `${demoCinder(ctx)}/snapshots/${ctx.saved.snapshot}/metadata/k`,
    headers: cinderHeaders('demoToken'),
    reads: [],
  },
  {
    service: 'volume',
    name: 'GET /limits',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/limits`,
    headers: cinderHeaders('demoToken'),
    reads: [
      'limits.absolute.maxTotalVolumes',
      'limits.absolute.maxTotalVolumeGigabytes',
      'limits.absolute.totalVolumesUsed',
      'limits.absolute.totalGigabytesUsed',
      'limits.absolute.totalSnapshotsUsed',
    ],
  },
  {
    service: 'volume',
    name: 'GET /extensions',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/extensions`,
    headers: cinderHeaders('demoToken'),
    reads: ['extensions[].alias', 'extensions[].name', 'extensions[].description', 'extensions[].updated', 'extensions[].links'],
  },
  {
    service: 'volume',
    name: 'GET /os-availability-zone',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/os-availability-zone`,
    headers: cinderHeaders('demoToken'),
    reads: ['availabilityZoneInfo[].zoneName', 'availabilityZoneInfo[].zoneState.available'],
  },
  {
    service: 'volume',
    name: 'GET /os-services (admin)',
    method: 'GET',
    url: (ctx) => `${adminCinder(ctx)}/os-services`,
    headers: cinderHeaders('adminToken'),
    reads: ['services[].binary', 'services[].host', 'services[].zone', 'services[].status', 'services[].state', 'services[].updated_at'],
  },
  {
    service: 'volume',
    name: 'GET /os-services (member)',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/os-services`,
    headers: cinderHeaders('demoToken'),
    reads: ['forbidden.message'],
  },
  {
    service: 'volume',
    name: 'GET /qos-specs (admin)',
    method: 'GET',
    url: (ctx) => `${adminCinder(ctx)}/qos-specs`,
    headers: cinderHeaders('adminToken'),
    reads: ['qos_specs'],
  },
  {
    service: 'volume',
    name: 'GET /os-quota-sets/{project}/defaults',
    method: 'GET',
    url: (ctx) => `${demoCinder(ctx)}/os-quota-sets/${ctx.demoProjectId}/defaults`,
    headers: cinderHeaders('demoToken'),
    reads: ['quota_set.volumes', 'quota_set.snapshots', 'quota_set.gigabytes', 'quota_set.id'],
  },
  {
    service: 'volume',
    name: 'PUT /os-quota-sets/{project} (admin, unchanged values)',
    method: 'PUT',
    url: (ctx) => `${adminCinder(ctx)}/os-quota-sets/${ctx.demoProjectId}`,
    headers: cinderHeaders('adminToken'),
    body: () => ({ quota_set: { volumes: 10, snapshots: 10, gigabytes: 1000 } }),
    reads: ['quota_set.volumes', 'quota_set.snapshots', 'quota_set.gigabytes'],
  },
  {
    service: 'volume',
    name: 'PUT /os-quota-class-sets/default (admin, unchanged values)',
    method: 'PUT',
    url: (ctx) => `${adminCinder(ctx)}/os-quota-class-sets/default`,
    headers: cinderHeaders('adminToken'),
    body: () => ({ quota_class_set: { volumes: 10, snapshots: 10, gigabytes: 1000 } }),
    reads: ['quota_class_set.volumes', 'quota_class_set.snapshots', 'quota_class_set.gigabytes'],
  },
  // The volumes panel's Edit Volume and Extend Volume (server/api/cinder/volumes.ts).
  {
    service: 'volume',
    name: 'PUT /volumes/{id}',
    method: 'PUT',
    url: (ctx) => `${demoCinder(ctx)}/volumes/${ctx.saved.volume}`,
    headers: cinderHeaders('demoToken'),
    before: (ctx) => waitFor(ctx, `/volumes/${ctx.saved.volume}`, settled('volume')),
    body: (ctx) => ({ volume: { name: ctx.unique('conf-vol-renamed'), description: 'edited' } }),
    reads: ['volume.id', 'volume.name', 'volume.description'],
  },
  {
    service: 'volume',
    name: 'POST /volumes/{id}/action (os-set_bootable)',
    method: 'POST',
    url: (ctx) => `${demoCinder(ctx)}/volumes/${ctx.saved.volume}/action`,
    headers: cinderHeaders('demoToken'),
    body: () => ({ 'os-set_bootable': { bootable: true } }),
    reads: [],
  },
  {
    service: 'volume',
    name: 'POST /volumes/{id}/action (os-extend)',
    method: 'POST',
    url: (ctx) => `${demoCinder(ctx)}/volumes/${ctx.saved.volume}/action`,
    headers: cinderHeaders('demoToken'),
    before: (ctx) => waitFor(ctx, `/volumes/${ctx.saved.volume}`, settled('volume')),
    body: () => ({ 'os-extend': { new_size: 2 } }),
    reads: [],
  },
  {
    service: 'volume',
    name: 'DELETE /snapshots/{id}',
    method: 'DELETE',
    url: (ctx) => `${demoCinder(ctx)}/snapshots/${ctx.saved.snapshot}`,
    headers: cinderHeaders('demoToken'),
    reads: [],
  },
  {
    service: 'volume',
    name: 'DELETE /volumes/{id}',
    method: 'DELETE',
    url: (ctx) => `${demoCinder(ctx)}/volumes/${ctx.saved.volume}`,
    headers: cinderHeaders('demoToken'),
    before: async (ctx) => {
      await waitFor(ctx, `/snapshots/${ctx.saved.snapshot}`, ({ status }) => status === 404);
      // Extending may still be under way (or end error_extending on an LVM backend, which Cinder still deletes).
      await waitFor(ctx, `/volumes/${ctx.saved.volume}`, settled('volume'));
    },
    reads: [],
  },
];

export const NATIVE_CALLS: NativeCall[] = [
  ...NEUTRON_CALLS,
  ...NEUTRON_ADMIN_CALLS,
  ...SECURITY_GROUP_CALLS,
  ...NEUTRON_ROUTER_CALLS,
  {
    service: 'identity',
    name: 'POST /v3/auth/tokens (password, unscoped)',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    body: (ctx) => passwordAuth(ctx, ctx.demoPassword),
    reads: TOKEN_FIELDS,
    readsHeaders: ['x-subject-token'],
  },
  {
    service: 'identity',
    name: 'POST /v3/auth/tokens (wrong password)',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    body: (ctx) => passwordAuth(ctx, 'not-the-password'),
    reads: ['error.message'],
  },
  {
    service: 'identity',
    name: 'POST /v3/auth/tokens (token, project scope)',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    body: (ctx) => ({
      auth: {
        identity: { methods: ['token'], token: { id: ctx.demoToken } },
        scope: { project: { name: 'demo', domain: { name: 'Default' } } },
      },
    }),
    reads: SCOPED_FIELDS,
    readsHeaders: ['x-subject-token'],
  },
  {
    service: 'identity',
    name: 'GET /v3/auth/tokens (validate)',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    headers: (ctx) => ({
      'X-Auth-Token': ctx.demoToken,
      'X-Subject-Token': ctx.demoToken,
    }),
    reads: SCOPED_FIELDS,
  },
  {
    service: 'identity',
    name: 'GET /v3/auth/projects',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/auth/projects`,
    headers: token('demoToken'),
    reads: ['projects[].id', 'projects[].name', 'projects[].domain_id', 'projects[].enabled'],
  },
  {
    service: 'identity',
    name: 'GET /v3/users/{id}/projects (admin)',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/users/${ctx.demoUserId}/projects`,
    headers: token('adminToken'),
    reads: ['projects[].id', 'projects[].name', 'projects[].domain_id', 'projects[].enabled'],
  },
  {
    service: 'identity',
    name: 'GET /v3/domains/default',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/domains/default`,
    headers: token('demoToken'),
    reads: ['domain.id', 'domain.name'],
  },
  {
    service: 'compute',
    name: 'GET / (version document)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/`,
    headers: token('demoToken'),
    reads: ['version.version', 'version.min_version'],
  },
  {
    service: 'compute',
    name: 'POST /os-keypairs (generate) [2.9]',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/os-keypairs`,
    headers: token('demoToken', '2.9'),
    body: (ctx) => ({ keypair: { name: ctx.unique('conf-kp'), type: 'ssh' } }),
    reads: ['keypair.name', 'keypair.public_key', 'keypair.fingerprint', 'keypair.type', 'keypair.user_id', 'keypair.private_key'],
    after: (ctx, body) => (ctx.saved.keypair = body.keypair.name),
  },
  {
    service: 'compute',
    name: 'POST /os-keypairs (duplicate) [2.9]',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/os-keypairs`,
    headers: token('demoToken', '2.9'),
    body: (ctx) => ({ keypair: { name: ctx.saved.keypair, type: 'ssh' } }),
    reads: ['conflictingRequest.message'],
  },
  {
    service: 'compute',
    name: 'POST /os-keypairs (bad name) [2.9]',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/os-keypairs`,
    headers: token('demoToken', '2.9'),
    body: () => ({ keypair: { name: 'bad/name!', type: 'ssh' } }),
    reads: ['badRequest.message'],
  },
  {
    service: 'compute',
    name: 'GET /os-keypairs [2.9]',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-keypairs`,
    headers: token('demoToken', '2.9'),
    reads: ['keypairs[].keypair.name', 'keypairs[].keypair.public_key', 'keypairs[].keypair.fingerprint', 'keypairs[].keypair.type'],
  },
  {
    service: 'compute',
    name: 'GET /os-keypairs/{name} [2.9]',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-keypairs/${encodeURIComponent(ctx.saved.keypair)}`,
    headers: token('demoToken', '2.9'),
    reads: [
      'keypair.id',
      'keypair.name',
      'keypair.public_key',
      'keypair.fingerprint',
      'keypair.type',
      'keypair.user_id',
      'keypair.created_at',
      'keypair.deleted',
    ],
  },
  {
    service: 'compute',
    name: 'GET /os-keypairs/{name} of another user [2.9]',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-keypairs/${encodeURIComponent(ctx.saved.keypair)}`,
    headers: token('adminToken', '2.9'),
    reads: ['itemNotFound.message'],
  },
  {
    service: 'compute',
    name: 'DELETE /os-keypairs/{name}',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('compute')}/os-keypairs/${encodeURIComponent(ctx.saved.keypair)}`,
    headers: token('demoToken'),
    reads: [],
  },
  {
    service: 'compute',
    name: 'GET /os-keypairs/{missing}',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-keypairs/${encodeURIComponent(ctx.saved.keypair)}`,
    headers: token('demoToken', '2.9'),
    reads: ['itemNotFound.message'],
  },
  {
    service: 'compute',
    name: 'GET /limits?reserved=1',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/limits?reserved=1`,
    headers: token('demoToken'),
    reads: [
      'limits.absolute.maxTotalInstances',
      'limits.absolute.totalInstancesUsed',
      'limits.absolute.maxTotalCores',
      'limits.absolute.totalCoresUsed',
      'limits.absolute.maxTotalRAMSize',
      'limits.absolute.totalRAMUsed',
    ],
  },
  // ---- flavors (server/api/nova/flavors.ts) ----
  {
    service: 'compute',
    name: 'GET /flavors/detail?is_public=None (admin)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/detail?is_public=None`,
    headers: token('adminToken'),
    reads: FLAVOR_FIELDS.map((field) => `flavors[].${field}`),
    after: (ctx, body) => (ctx.saved.publicFlavor = body.flavors.find((flavor: Record<string, unknown>) => flavor['os-flavor-access:is_public']).id),
  },
  {
    service: 'compute',
    name: 'GET /flavors/detail?is_public=true (member)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/detail?is_public=true`,
    headers: token('demoToken'),
    reads: FLAVOR_FIELDS.map((field) => `flavors[].${field}`),
  },
  {
    service: 'compute',
    name: 'GET /flavors/detail [2.61] (extra specs embedded)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/detail?is_public=None`,
    headers: token('demoToken', '2.61'),
    reads: ['flavors[].id', 'flavors[].extra_specs', 'flavors[].description'],
  },
  {
    service: 'compute',
    name: 'POST /flavors (admin, generated id, private)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors`,
    headers: token('adminToken'),
    body: (ctx) => ({
      flavor: {
        name: ctx.unique('conf-flavor'),
        ram: 64,
        vcpus: 1,
        disk: 1,
        id: null,
        swap: 0,
        'OS-FLV-EXT-DATA:ephemeral': 0,
        rxtx_factor: 1,
        'os-flavor-access:is_public': false,
      },
    }),
    reads: FLAVOR_FIELDS.map((field) => `flavor.${field}`),
    after: (ctx, body) => {
      ctx.saved.flavor = body.flavor.id;
      ctx.saved.flavorName = body.flavor.name;
    },
  },
  {
    service: 'compute',
    name: 'POST /flavors (duplicate name)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors`,
    headers: token('adminToken'),
    body: (ctx) => ({
      flavor: {
        name: ctx.saved.flavorName,
        ram: 64,
        vcpus: 1,
        disk: 1,
        id: null,
      },
    }),
    reads: ['conflictingRequest.message'],
  },
  {
    service: 'compute',
    name: 'POST /flavors (ram 0)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors`,
    headers: token('adminToken'),
    body: (ctx) => ({
      flavor: { name: ctx.unique('conf-bad'), ram: 0, vcpus: 1, disk: 1 },
    }),
    reads: ['badRequest.message'],
  },
  {
    service: 'compute',
    name: 'POST /flavors (member)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors`,
    headers: token('demoToken'),
    body: (ctx) => ({
      flavor: { name: ctx.unique('conf-member'), ram: 64, vcpus: 1, disk: 1 },
    }),
    reads: ['forbidden.message'],
  },
  {
    service: 'compute',
    name: 'GET /flavors/{private id} (member without access)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}`,
    headers: token('demoToken'),
    reads: ['itemNotFound.message'],
  },
  {
    service: 'compute',
    name: 'POST /flavors/{id}/action addTenantAccess',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}/action`,
    headers: token('adminToken'),
    body: (ctx) => ({ addTenantAccess: { tenant: ctx.demoProjectId } }),
    reads: ['flavor_access[].flavor_id', 'flavor_access[].tenant_id'],
  },
  {
    service: 'compute',
    name: 'POST /flavors/{id}/action addTenantAccess (unknown project)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}/action`,
    headers: token('adminToken'),
    body: () => ({ addTenantAccess: { tenant: 'no-such-project' } }),
    reads: ['badRequest.message'],
  },
  {
    service: 'compute',
    name: 'GET /flavors/{private id} (member with access)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}`,
    headers: token('demoToken'),
    reads: FLAVOR_FIELDS.map((field) => `flavor.${field}`),
  },
  {
    service: 'compute',
    name: 'GET /flavors/{id}/os-flavor-access',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}/os-flavor-access`,
    headers: token('adminToken'),
    reads: ['flavor_access[].flavor_id', 'flavor_access[].tenant_id'],
  },
  {
    service: 'compute',
    name: 'GET /flavors/{public id}/os-flavor-access',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.publicFlavor)}/os-flavor-access`,
    headers: token('adminToken'),
    reads: ['itemNotFound.message'],
  },
  {
    service: 'compute',
    name: 'POST /flavors/{id}/os-extra_specs',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}/os-extra_specs`,
    headers: token('adminToken'),
    body: () => ({
      extra_specs: { 'hw:cpu_policy': 'dedicated', 'conf:key': 'value' },
    }),
    reads: ['extra_specs.hw:cpu_policy'],
  },
  {
    service: 'compute',
    name: 'GET /flavors/{id}/os-extra_specs',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}/os-extra_specs`,
    headers: token('demoToken'),
    reads: ['extra_specs', 'extra_specs.hw:cpu_policy'],
  },
  {
    service: 'compute',
    name: 'POST /flavors/{id}/os-extra_specs (member)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}/os-extra_specs`,
    headers: token('demoToken'),
    body: () => ({ extra_specs: { a: 'b' } }),
    reads: ['forbidden.message'],
  },
  {
    service: 'compute',
    name: 'DELETE /flavors/{id}/os-extra_specs/{key}',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}/os-extra_specs/conf:key`,
    headers: token('adminToken'),
    reads: [],
  },
  {
    service: 'compute',
    name: 'DELETE /flavors/{id}/os-extra_specs/{missing key}',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}/os-extra_specs/conf:key`,
    headers: token('adminToken'),
    reads: ['itemNotFound.message'],
  },
  {
    service: 'compute',
    name: 'DELETE /flavors/{id} (member)',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}`,
    headers: token('demoToken'),
    reads: ['forbidden.message'],
  },
  {
    service: 'compute',
    name: 'DELETE /flavors/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}`,
    headers: token('adminToken'),
    reads: [],
  },
  {
    service: 'compute',
    name: 'GET /flavors/{deleted id}',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/flavors/${encodeURIComponent(ctx.saved.flavor)}`,
    headers: token('adminToken'),
    reads: ['itemNotFound.message'],
  },
  // ---- server groups (server/api/nova/server-groups.ts) ----
  {
    service: 'compute',
    name: 'POST /os-server-groups [2.60]',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups`,
    headers: token('demoToken', '2.60'),
    body: (ctx) => ({
      server_group: {
        name: ctx.unique('conf-sg'),
        policies: ['anti-affinity'],
      },
    }),
    reads: [...SERVER_GROUP_FIELDS.map((field) => `server_group.${field}`), 'server_group.project_id', 'server_group.user_id'],
    after: (ctx, body) => (ctx.saved.serverGroup = body.server_group.id),
  },
  {
    service: 'compute',
    name: 'POST /os-server-groups soft-anti-affinity [2.60]',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups`,
    headers: token('adminToken', '2.60'),
    body: (ctx) => ({
      server_group: {
        name: ctx.unique('conf-sg-admin'),
        policies: ['soft-anti-affinity'],
      },
    }),
    reads: SERVER_GROUP_FIELDS.map((field) => `server_group.${field}`),
    after: (ctx, body) => (ctx.saved.adminServerGroup = body.server_group.id),
  },
  {
    service: 'compute',
    name: 'POST /os-server-groups (soft policy at 2.1)',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups`,
    headers: token('demoToken'),
    body: (ctx) => ({
      server_group: {
        name: ctx.unique('conf-sg-bad'),
        policies: ['soft-affinity'],
      },
    }),
    reads: ['badRequest.message'],
  },
  {
    service: 'compute',
    name: 'POST /os-server-groups (two policies) [2.60]',
    method: 'POST',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups`,
    headers: token('demoToken', '2.60'),
    body: (ctx) => ({
      server_group: {
        name: ctx.unique('conf-sg-bad'),
        policies: ['affinity', 'anti-affinity'],
      },
    }),
    reads: ['badRequest.message'],
  },
  {
    service: 'compute',
    name: 'GET /os-server-groups',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups`,
    headers: token('demoToken'),
    reads: SERVER_GROUP_FIELDS.map((field) => `server_groups[].${field}`),
  },
  {
    service: 'compute',
    name: 'GET /os-server-groups/{id} [2.60]',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups/${ctx.saved.serverGroup}`,
    headers: token('demoToken', '2.60'),
    reads: [...SERVER_GROUP_FIELDS.map((field) => `server_group.${field}`), 'server_group.project_id', 'server_group.user_id'],
  },
  {
    service: 'compute',
    name: 'GET /os-server-groups/{id} [2.64] (policy and rules)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups/${ctx.saved.serverGroup}`,
    headers: token('demoToken', '2.64'),
    reads: ['server_group.policy', 'server_group.rules', 'server_group.members'],
  },
  {
    service: 'compute',
    name: 'GET /os-server-groups/{id} of another project [2.60]',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups/${ctx.saved.adminServerGroup}`,
    headers: token('demoToken', '2.60'),
    reads: ['itemNotFound.message'],
  },
  {
    service: 'compute',
    name: 'DELETE /os-server-groups/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups/${ctx.saved.serverGroup}`,
    headers: token('demoToken'),
    reads: [],
  },
  {
    service: 'compute',
    name: 'DELETE /os-server-groups/{id} (admin, own project)',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups/${ctx.saved.adminServerGroup}`,
    headers: token('adminToken'),
    reads: [],
  },
  {
    service: 'compute',
    name: 'GET /os-server-groups/{deleted id} [2.60]',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('compute')}/os-server-groups/${ctx.saved.serverGroup}`,
    headers: token('demoToken', '2.60'),
    reads: ['itemNotFound.message'],
  },
  ...IDENTITY_ADMIN_CALLS,
  ...IMAGE_CALLS,
  ...CINDER_CALLS,
  {
    service: 'identity',
    name: 'DELETE /v3/auth/tokens (revoke)',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    headers: (ctx) => ({
      'X-Auth-Token': ctx.adminToken,
      'X-Subject-Token': ctx.saved.revocable,
    }),
    reads: [],
  },
  ...NOVA_SERVER_CALLS,
  ...SWIFT_CALLS,
  ...NETWORK_TOPOLOGY_CALLS,
  ...USAGE_QUOTA_CALLS,
  ...OCTAVIA_CALLS,
  ...BACKUP_SERVICE_CALLS,
  ...HEAT_CALLS,
  ...ADMIN_VOLUME_AGGREGATE_CALLS,
  ...ADMIN_SEARCH_CALLS,
];
