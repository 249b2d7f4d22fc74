/**
 * The native calls the server makes (server/openstack, server/api), each with
 * the fields the server reads. `npm run test:conformance` sends every call to
 * the emulator and to a real cloud and compares what comes back. Each service
 * issue adds its calls here.
 *
 * Paths: `a.b` is a key, `a[]` the items of an array (every item is checked),
 * `a[].b` a key of each item.
 */
export interface ConformanceContext {
  /** Keystone v3 root, e.g. http://127.0.0.1:5000/v3 */
  identity: string;
  /** Service URLs from the demo token's catalog. */
  endpoint(type: string): string;
  demoToken: string;
  adminToken: string;
  demoUserId: string;
  demoPassword: string;
  /** A name unique to this run, for things it creates. */
  unique(prefix: string): string;
  /** Remembered between calls (e.g. a created key pair's name). */
  saved: Record<string, string>;
}

export interface NativeCall {
  service: 'identity' | 'compute';
  name: string;
  method: 'GET' | 'POST' | 'DELETE' | 'HEAD';
  url(ctx: ConformanceContext): string;
  headers?(ctx: ConformanceContext): Record<string, string>;
  body?(ctx: ConformanceContext): unknown;
  /** Fields the server reads from the answer; their JSON types must agree. */
  reads: string[];
  /** Response headers the server reads. */
  readsHeaders?: string[];
  /** Runs after the call, e.g. to remember a created name. */
  after?(ctx: ConformanceContext, body: any): void;
}

const token = (which: 'demoToken' | 'adminToken', microversion?: string) => (ctx: ConformanceContext) => ({
  'X-Auth-Token': ctx[which],
  ...(microversion ? { 'OpenStack-API-Version': `compute ${microversion}`, 'X-OpenStack-Nova-API-Version': microversion } : {}),
});

const passwordAuth = (ctx: ConformanceContext, password: string, scope?: unknown) => ({
  auth: {
    identity: { methods: ['password'], password: { user: { name: 'demo', domain: { name: 'Default' }, password } } },
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

export const NATIVE_CALLS: NativeCall[] = [
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
    body: (ctx) => ({ auth: { identity: { methods: ['token'], token: { id: ctx.demoToken } }, scope: { project: { name: 'demo', domain: { name: 'Default' } } } } }),
    reads: SCOPED_FIELDS,
    readsHeaders: ['x-subject-token'],
  },
  {
    service: 'identity',
    name: 'GET /v3/auth/tokens (validate)',
    method: 'GET',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    headers: (ctx) => ({ 'X-Auth-Token': ctx.demoToken, 'X-Subject-Token': ctx.demoToken }),
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
    reads: ['keypair.id', 'keypair.name', 'keypair.public_key', 'keypair.fingerprint', 'keypair.type', 'keypair.user_id', 'keypair.created_at', 'keypair.deleted'],
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
    reads: ['limits.absolute.maxTotalInstances', 'limits.absolute.totalInstancesUsed', 'limits.absolute.maxTotalCores', 'limits.absolute.totalCoresUsed', 'limits.absolute.maxTotalRAMSize', 'limits.absolute.totalRAMUsed'],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/auth/tokens (revoke)',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    headers: (ctx) => ({ 'X-Auth-Token': ctx.adminToken, 'X-Subject-Token': ctx.saved.revocable }),
    reads: [],
  },
];
