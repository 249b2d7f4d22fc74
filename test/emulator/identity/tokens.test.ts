import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProjectByName, setProjectEnabled } from '../../../emulator/identity/models/resources.js';
import { findUserByName, setUserEnabled } from '../../../emulator/identity/models/users.js';
import { issueToken, passwordAuthBody, PASSWORDS, PUBLIC_URL, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

const UNAUTHORIZED = { error: { code: 401, message: 'The request you have made requires authentication.', title: 'Unauthorized' } };
const demoProject = { project: { name: 'demo', domain: { name: 'Default' } } };

let cloud: TestEmulator;
beforeEach(async () => {
  cloud = await startEmulator();
});
afterEach(async () => {
  await cloud.close();
});

const validate = (subject: string, auth = subject, method: 'GET' | 'HEAD' = 'GET', query = '') =>
  cloud.app.inject({ method, url: `/cloud/identity/v3/auth/tokens${query}`, headers: { 'x-auth-token': auth, 'x-subject-token': subject } });

describe('version discovery', () => {
  it('answers GET /cloud/identity with 300 Multiple Choices listing v3', async () => {
    for (const url of ['/cloud/identity', '/cloud/identity/']) {
      const response = await cloud.app.inject({ url });
      expect(response.statusCode).toBe(300);
      expect(response.json().versions.values).toEqual([
        expect.objectContaining({ id: 'v3.14', status: 'stable', links: [{ rel: 'self', href: `${PUBLIC_URL}/cloud/identity/v3/` }] }),
      ]);
    }
  });

  it('describes v3 at /v3 and /v3/', async () => {
    for (const url of ['/cloud/identity/v3', '/cloud/identity/v3/']) {
      const response = await cloud.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.json().version).toMatchObject({ id: 'v3.14', status: 'stable', 'media-types': [expect.objectContaining({ base: 'application/json' })] });
    }
  });
});

describe('password authentication', () => {
  it('issues a project-scoped token by user name and domain name: 201, X-Subject-Token, Keystone body', async () => {
    const response = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, demoProject));
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-subject-token']).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const { token } = response.json();
    expect(token).toMatchObject({
      methods: ['password'],
      user: { name: 'demo', domain: { id: 'default', name: 'Default' }, password_expires_at: null },
      project: { name: 'demo', domain: { id: 'default', name: 'Default' } },
      is_domain: false,
    });
    expect(token.user.id).toMatch(/^[0-9a-f]{32}$/);
    expect(token.project.id).toMatch(/^[0-9a-f]{32}$/);
    expect(token.audit_ids).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{22}$/)]);
    expect(token.issued_at).toBe('2026-01-15T09:00:00.000000Z');
    expect(token.expires_at).toBe('2026-01-15T10:00:00.000000Z');
    expect(token.roles.map((role: { name: string }) => role.name).sort()).toEqual(['member', 'reader']);
  });

  it('authenticates by user id, and by domain id', async () => {
    const first = (await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo))).json().token;
    const byId = await issueToken(cloud.app, { auth: { identity: { methods: ['password'], password: { user: { id: first.user.id, password: PASSWORDS.demo } } } } });
    expect(byId.statusCode).toBe(201);
    expect(byId.json().token.user.name).toBe('demo');
    const byDomainId = await issueToken(cloud.app, {
      auth: { identity: { methods: ['password'], password: { user: { name: 'demo', domain: { id: 'default' }, password: PASSWORDS.demo } } } },
    });
    expect(byDomainId.statusCode).toBe(201);
  });

  it('refuses a wrong password, an unknown user and an unknown domain with 401 and Keystone body', async () => {
    for (const body of [
      passwordAuthBody('demo', 'not-the-password'),
      passwordAuthBody('nobody', 'x'),
      { auth: { identity: { methods: ['password'], password: { user: { name: 'demo', domain: { name: 'Nowhere' }, password: PASSWORDS.demo } } } } },
    ]) {
      const response = await issueToken(cloud.app, body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
      expect(response.headers['www-authenticate']).toBe(`Keystone uri="${PUBLIC_URL}/cloud/identity/v3"`);
      expect(response.headers['x-subject-token']).toBeUndefined();
    }
  });

  it('refuses a disabled user with 401 and Keystone message naming the user', async () => {
    const user = findUserByName(cloud.db(), 'demo', 'default')!;
    setUserEnabled(cloud.db(), user.id, false);
    const response = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(`The account is disabled for user: ${user.id}.`);
    // A wrong password on a disabled account says nothing more than any wrong password.
    expect((await issueToken(cloud.app, passwordAuthBody('demo', 'wrong'))).json()).toEqual(UNAUTHORIZED);
  });

  it('invalidates the tokens of a user who gets disabled', async () => {
    const token = await tokenFor(cloud.app, 'demo');
    const admin = await tokenFor(cloud.app, 'admin');
    setUserEnabled(cloud.db(), findUserByName(cloud.db(), 'demo', 'default')!.id, false);
    expect((await validate(token, admin)).statusCode).toBe(404);
  });
});

describe('scoping', () => {
  it('scopes to a project by id', async () => {
    const projectId = findProjectByName(cloud.db(), 'demo', 'default')!.id;
    const response = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, { project: { id: projectId } }));
    expect(response.statusCode).toBe(201);
    expect(response.json().token.project.id).toBe(projectId);
  });

  it('refuses with 401 a project the user has no role on, and a disabled project', async () => {
    const other = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, { project: { name: 'admin', domain: { name: 'Default' } } }));
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual(UNAUTHORIZED);
    setProjectEnabled(cloud.db(), findProjectByName(cloud.db(), 'demo', 'default')!.id, false);
    expect((await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, demoProject))).statusCode).toBe(401);
  });

  it('refuses with 401 a domain scope without a role on the domain', async () => {
    const response = await issueToken(cloud.app, passwordAuthBody('admin', PASSWORDS.admin, { domain: { id: 'default' } }));
    expect(response.statusCode).toBe(401);
  });

  it('gives an explicitly unscoped token no project, roles or catalog', async () => {
    const response = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, 'unscoped'));
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json().token).sort()).toEqual(['audit_ids', 'expires_at', 'issued_at', 'methods', 'user']);
  });

  it('scopes a token without scope to the user default project, as Keystone does', async () => {
    const { token } = (await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo))).json();
    expect(token.project.name).toBe('demo');
  });

  it('includes implied roles: admin implies member implies reader', async () => {
    const { token } = (await issueToken(cloud.app, passwordAuthBody('admin', PASSWORDS.admin))).json();
    expect(token.roles.map((role: { name: string }) => role.name).sort()).toEqual(['admin', 'member', 'reader']);
  });
});

describe('rescoping with the token method', () => {
  it('issues a scoped token from an unscoped one, keeping the parent expiry and audit chain', async () => {
    const parent = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, 'unscoped'));
    cloud.clock.advance(600);
    const child = await issueToken(cloud.app, {
      auth: { identity: { methods: ['token'], token: { id: parent.headers['x-subject-token'] } }, scope: demoProject },
    });
    expect(child.statusCode).toBe(201);
    const token = child.json().token;
    expect(token.methods).toEqual(['token', 'password']);
    expect(token.project.name).toBe('demo');
    expect(token.issued_at).toBe('2026-01-15T09:10:00.000000Z');
    expect(token.expires_at).toBe(parent.json().token.expires_at);
    expect(token.audit_ids).toHaveLength(2);
    expect(token.audit_ids[1]).toBe(parent.json().token.audit_ids[0]);
  });

  it('does not let a rescoped token outlive its parent', async () => {
    const parent = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, 'unscoped'));
    cloud.clock.advance(3000);
    const child = await issueToken(cloud.app, { auth: { identity: { methods: ['token'], token: { id: parent.headers['x-subject-token'] } }, scope: demoProject } });
    const childToken = child.headers['x-subject-token'] as string;
    cloud.clock.advance(601);
    expect((await validate(childToken, await tokenFor(cloud.app, 'admin'))).statusCode).toBe(404);
  });

  it('answers 404 for a token method with an unknown token', async () => {
    const response = await issueToken(cloud.app, { auth: { identity: { methods: ['token'], token: { id: 'no-such-token' } } } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.title).toBe('Not Found');
  });
});

describe('the service catalog', () => {
  it('lists identity, compute, image and volumev3 with public, internal and admin endpoints in RegionOne, URLs from publicUrl', async () => {
    const { token } = (await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, demoProject))).json();
    expect(token.catalog.map((entry: { type: string; name: string }) => [entry.type, entry.name])).toEqual(
      expect.arrayContaining([
        ['identity', 'keystone'],
        ['compute', 'nova'],
        ['image', 'glance'],
        ['volumev3', 'cinderv3'],
      ]),
    );
    // Cinder's URL names the token's project, as Keystone substitutes %(project_id)s.
    const urls: Record<string, string> = {
      identity: `${PUBLIC_URL}/cloud/identity`,
      compute: `${PUBLIC_URL}/cloud/compute/v2.1`,
      image: `${PUBLIC_URL}/cloud/image`,
      volumev3: `${PUBLIC_URL}/cloud/volume/v3/${token.project.id}`,
    };
    for (const entry of token.catalog.filter((item: { type: string }) => item.type in urls)) {
      expect(entry.id).toMatch(/^[0-9a-f]{32}$/);
      expect(entry.endpoints.map((endpoint: { interface: string }) => endpoint.interface)).toEqual(['public', 'internal', 'admin']);
      for (const endpoint of entry.endpoints) {
        expect(endpoint).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), interface: endpoint.interface, region: 'RegionOne', region_id: 'RegionOne', url: urls[entry.type] });
      }
    }
  });

  it('keeps service and endpoint ids stable from token to token', async () => {
    const first = (await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo))).json().token.catalog;
    const second = (await issueToken(cloud.app, passwordAuthBody('admin', PASSWORDS.admin))).json().token.catalog;
    // The URLs may name each token's project; the ids never change.
    const ids = (catalog: { id: string; endpoints: { id: string }[] }[]) => catalog.map((entry) => [entry.id, entry.endpoints.map((endpoint) => endpoint.id)]);
    expect(ids(second)).toEqual(ids(first));
  });

  it('leaves the catalog out with ?nocatalog', async () => {
    const response = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, demoProject), '?nocatalog');
    expect(response.statusCode).toBe(201);
    expect(response.json().token).not.toHaveProperty('catalog');
    expect(response.json().token.roles).toBeDefined();
  });

  it('serves the catalog at /v3/auth/catalog for a scoped token', async () => {
    const token = await tokenFor(cloud.app, 'demo');
    const response = await cloud.app.inject({ url: '/cloud/identity/v3/auth/catalog', headers: { 'x-auth-token': token } });
    expect(response.statusCode).toBe(200);
    expect(response.json().catalog.map((entry: { type: string }) => entry.type)).toEqual(expect.arrayContaining(['identity', 'compute', 'image', 'volumev3']));
  });
});

describe('validation, expiry and revocation', () => {
  it('validates a token: 200, X-Subject-Token and the same body', async () => {
    const token = await tokenFor(cloud.app, 'demo');
    const response = await validate(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-subject-token']).toBe(token);
    expect(response.json().token).toMatchObject({ user: { name: 'demo' }, project: { name: 'demo' }, catalog: expect.any(Array) });
    expect((await validate(token, token, 'GET', '?nocatalog')).json().token).not.toHaveProperty('catalog');
  });

  it('answers HEAD with 200 for a valid token and 404 for an invalid one', async () => {
    const token = await tokenFor(cloud.app, 'demo');
    const ok = await validate(token, token, 'HEAD');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    expect((await validate('not-a-token', token, 'HEAD')).statusCode).toBe(404);
  });

  it('expires tokens after tokenTtlSeconds, measured on the injected clock', async () => {
    const token = await tokenFor(cloud.app, 'demo');
    cloud.clock.advance(3599);
    const admin = await tokenFor(cloud.app, 'admin');
    expect((await validate(token, admin)).statusCode).toBe(200);
    cloud.clock.advance(1);
    expect((await validate(token, admin)).statusCode).toBe(404);
    expect((await validate(token, token)).statusCode).toBe(401);
  });

  it('honours a shorter tokenTtlSeconds', async () => {
    const short = await startEmulator({ tokenTtlSeconds: 60 });
    try {
      const { token } = (await issueToken(short.app, passwordAuthBody('demo', PASSWORDS.demo))).json();
      expect(token.expires_at).toBe('2026-01-15T09:01:00.000000Z');
    } finally {
      await short.close();
    }
  });

  it('revokes a token: 204, then 404 on validation and 401 on use', async () => {
    const token = await tokenFor(cloud.app, 'demo');
    const admin = await tokenFor(cloud.app, 'admin');
    const revoke = await cloud.app.inject({ method: 'DELETE', url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': admin, 'x-subject-token': token } });
    expect(revoke.statusCode).toBe(204);
    expect((await validate(token, admin)).statusCode).toBe(404);
    const again = await cloud.app.inject({ method: 'DELETE', url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': admin, 'x-subject-token': token } });
    expect(again.statusCode).toBe(404);
    expect((await cloud.app.inject({ url: '/cloud/compute/v2.1/os-keypairs', headers: { 'x-auth-token': token } })).statusCode).toBe(401);
  });

  it('lets a user revoke their own token but not validate another user token', async () => {
    const demo = await tokenFor(cloud.app, 'demo');
    const admin = await tokenFor(cloud.app, 'admin');
    expect((await validate(admin, demo)).statusCode).toBe(403);
    const own = await cloud.app.inject({ method: 'DELETE', url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': demo, 'x-subject-token': demo } });
    expect(own.statusCode).toBe(204);
  });

  it('answers 401 without a valid X-Auth-Token', async () => {
    const response = await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-subject-token': 'x' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });
});

describe('bad requests get a 400 naming the field', () => {
  it('malformed JSON', async () => {
    const response = await cloud.app.inject({ method: 'POST', url: '/cloud/identity/v3/auth/tokens', headers: { 'content-type': 'application/json' }, payload: '{"auth":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^Expecting to find valid JSON in request body/);
  });

  it('a password that is not a string', async () => {
    const body = passwordAuthBody('demo', PASSWORDS.demo) as { auth: { identity: { password: { user: { password: unknown } } } } };
    body.auth.identity.password.user.password = 5;
    const response = await issueToken(cloud.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Invalid input for field 'identity/password/user/password': 5 is not of type 'string'");
  });

  it('a missing auth, identity, methods, method body or user domain', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /^Expecting to find auth in request body/],
      [{ auth: {} }, /'identity' is a required property/],
      [{ auth: { identity: {} } }, /'methods' is a required property/],
      [{ auth: { identity: { methods: ['password'] } } }, /^Expecting to find password in identity/],
      [{ auth: { identity: { methods: ['password'], password: { user: { name: 'demo', password: 'x' } } } } }, /^Expecting to find domain in user/],
      [{ auth: { identity: { methods: ['password'], password: { user: { password: 'x' } } } } }, /identity\/password\/user: id or name must be present/],
      [passwordAuthBody('demo', 'x', { project: { name: 'demo' } }), /^Expecting to find domain in project/],
    ];
    for (const [body, message] of cases) {
      const response = await issueToken(cloud.app, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
  });

  it('an unknown route answers 404 JSON', async () => {
    const response = await cloud.app.inject({ url: '/cloud/identity/v3/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 404, message: 'The resource could not be found.', title: 'Not Found' } });
  });
});

describe('a token already used on a service (its context is remembered between calls)', () => {
  const keypairs = (token: string) => cloud.app.inject({ url: '/cloud/compute/v2.1/os-keypairs', headers: { 'x-auth-token': token } });

  it('is refused at once when its user is disabled from another connection, its project disabled, or its role revoked', async () => {
    const demo = await tokenFor(cloud.app, 'demo');
    expect((await keypairs(demo)).statusCode).toBe(200);
    setUserEnabled(cloud.db(), findUserByName(cloud.db(), 'demo', 'default')!.id, false);
    expect((await keypairs(demo)).statusCode).toBe(401);
    setUserEnabled(cloud.db(), findUserByName(cloud.db(), 'demo', 'default')!.id, true);
    expect((await keypairs(demo)).statusCode).toBe(200);

    setProjectEnabled(cloud.db(), findProjectByName(cloud.db(), 'demo', 'default')!.id, false);
    expect((await keypairs(demo)).statusCode).toBe(401);
    setProjectEnabled(cloud.db(), findProjectByName(cloud.db(), 'demo', 'default')!.id, true);

    // Through the API, on the emulator's own connection: every role demo has on its project.
    const admin = await tokenFor(cloud.app, 'admin');
    const project = findProjectByName(cloud.db(), 'demo', 'default')!.id;
    const user = findUserByName(cloud.db(), 'demo', 'default')!.id;
    expect((await keypairs(demo)).statusCode).toBe(200);
    const assignments = await cloud.app.inject({ url: `/cloud/identity/v3/role_assignments?scope.project.id=${project}&user.id=${user}`, headers: { 'x-auth-token': admin } });
    for (const { role } of assignments.json().role_assignments as { role: { id: string } }[]) {
      const revoked = await cloud.app.inject({ method: 'DELETE', url: `/cloud/identity/v3/projects/${project}/users/${user}/roles/${role.id}`, headers: { 'x-auth-token': admin } });
      expect(revoked.statusCode).toBe(204);
    }
    expect((await keypairs(demo)).statusCode).toBe(401);
  });

  it('is refused once it expires on the injected clock', async () => {
    const demo = await tokenFor(cloud.app, 'demo');
    expect((await keypairs(demo)).statusCode).toBe(200);
    cloud.clock.advance(3600);
    expect((await keypairs(demo)).statusCode).toBe(401);
  });

  it('is refused once revoked', async () => {
    const demo = await tokenFor(cloud.app, 'demo');
    expect((await keypairs(demo)).statusCode).toBe(200);
    const revoke = await cloud.app.inject({ method: 'DELETE', url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': demo, 'x-subject-token': demo } });
    expect(revoke.statusCode).toBe(204);
    expect((await keypairs(demo)).statusCode).toBe(401);
  });
});
