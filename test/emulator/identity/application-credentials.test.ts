import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueToken, startEmulator, type TestEmulator, tokenFor, userWithRole } from '../../support/emulator.js';

/** Keystone application credentials: made by a user for their project, secret shown once, the application_credential auth method. */

let cloud: TestEmulator;
beforeEach(async () => {
  cloud = await startEmulator();
});
afterEach(async () => {
  await cloud.close();
});

const identity = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, payload?: object) =>
  cloud.app.inject({ method, url: `/cloud/identity/v3${path}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });

async function whoAmI(token: string) {
  return (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } })).json().token;
}

const credentialAuth = (credential: Record<string, unknown>, scope?: object) =>
  issueToken(cloud.app, { auth: { identity: { methods: ['application_credential'], application_credential: credential }, ...(scope ? { scope } : {}) } });

async function demo() {
  const token = await tokenFor(cloud.app, 'demo');
  const me = await whoAmI(token);
  return { token, userId: me.user.id as string, projectId: me.project.id as string };
}

describe('creating application credentials', () => {
  it('returns the secret once, keeps only its hash, and lists the credential without it', async () => {
    const { token, userId, projectId } = await demo();
    const response = await identity('POST', `/users/${userId}/application_credentials`, token, {
      application_credential: { name: 'backup-plan', description: 'for the scheduler' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().application_credential;
    expect(created).toMatchObject({ name: 'backup-plan', description: 'for the scheduler', project_id: projectId, user_id: userId, unrestricted: false, expires_at: null });
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(created.roles.map((role: { name: string }) => role.name).sort()).toEqual(['member', 'reader']);
    const stored = cloud.db().get<{ secret_hash: string }>('SELECT secret_hash FROM application_credentials WHERE id = ?', created.id)!;
    expect(stored.secret_hash).not.toContain(created.secret);
    expect(stored.secret_hash.startsWith('scrypt$')).toBe(true);

    const listed = (await identity('GET', `/users/${userId}/application_credentials`, token)).json().application_credentials;
    expect(listed).toEqual([expect.objectContaining({ id: created.id, name: 'backup-plan' })]);
    expect(listed[0]).not.toHaveProperty('secret');
    const byName = (await identity('GET', `/users/${userId}/application_credentials?name=other`, token)).json().application_credentials;
    expect(byName).toEqual([]);
    const shown = (await identity('GET', `/users/${userId}/application_credentials/${created.id}`, token)).json().application_credential;
    expect(shown).toMatchObject({ id: created.id, name: 'backup-plan' });
    expect(shown).not.toHaveProperty('secret');
  });

  it('takes only roles the user holds in the token, refuses duplicates, past expiries and other users', async () => {
    const { token, userId } = await demo();
    const reader = await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'reader-only', roles: [{ name: 'reader' }] } });
    expect(reader.json().application_credential.roles.map((role: { name: string }) => role.name)).toEqual(['reader']);
    const admin = await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'too-much', roles: [{ name: 'admin' }] } });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().error.message).toContain('Invalid application credential: Cannot create an application credential with unassigned role');
    const again = await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'reader-only' } });
    expect(again.statusCode).toBe(409);
    const past = await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'old', expires_at: '2020-01-01T00:00:00' } });
    expect(past.json().error.message).toMatch(/^The 'expires_at' must not be before now\./);
    const admins = await tokenFor(cloud.app, 'admin');
    const other = await identity('POST', `/users/${userId}/application_credentials`, admins, { application_credential: { name: 'not-mine' } });
    expect(other.statusCode).toBe(403);
    const nameless = await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: {} });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.message).toContain('name');
  });

  it('shows a user’s credentials to them and to an admin, not to another user', async () => {
    const { token, userId } = await demo();
    const created = (await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'mine' } })).json().application_credential;
    const stranger = await userWithRole(cloud, { user: 'stranger', project: 'elsewhere', role: 'member' });
    expect((await identity('GET', `/users/${userId}/application_credentials`, stranger.token)).statusCode).toBe(403);
    expect((await identity('GET', `/users/${stranger.userId}/application_credentials/${created.id}`, stranger.token)).statusCode).toBe(403);
    const admin = await tokenFor(cloud.app, 'admin');
    expect((await identity('GET', `/users/${userId}/application_credentials/${created.id}`, admin)).statusCode).toBe(200);
  });
});

describe('the application_credential auth method', () => {
  it('gives a token scoped to the credential’s project with its roles, by id or by name and user', async () => {
    const { token, userId, projectId } = await demo();
    const created = (
      await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'reader-app', roles: [{ name: 'reader' }] } })
    ).json().application_credential;
    const byId = await credentialAuth({ id: created.id, secret: created.secret });
    expect(byId.statusCode).toBe(201);
    expect(byId.json().token).toMatchObject({
      methods: ['application_credential'],
      project: { id: projectId },
      user: { id: userId },
      application_credential: { id: created.id, name: 'reader-app', restricted: true },
    });
    expect(byId.json().token.roles.map((role: { name: string }) => role.name)).toEqual(['reader']);
    const byName = await credentialAuth({ name: 'reader-app', secret: created.secret, user: { name: 'demo', domain: { name: 'Default' } } });
    expect(byName.statusCode).toBe(201);
    expect((await credentialAuth({ id: created.id, secret: 'wrong' })).statusCode).toBe(401);
    expect((await credentialAuth({ id: created.id, secret: created.secret }, { project: { id: projectId } })).statusCode).toBe(401);
    expect((await credentialAuth({ name: 'reader-app', secret: created.secret })).statusCode).toBe(400);
  });

  it('works for Cinder calls and stops working once the credential is deleted', async () => {
    const { token, userId, projectId } = await demo();
    const created = (await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'cinder-app' } })).json()
      .application_credential;
    const appToken = (await credentialAuth({ id: created.id, secret: created.secret })).headers['x-subject-token'] as string;
    const volumes = () => cloud.app.inject({ url: `/cloud/volume/v3/${projectId}/volumes`, headers: { 'x-auth-token': appToken } });
    expect((await volumes()).statusCode).toBe(200);
    // A restricted credential's token may not remove credentials, its own included.
    const selfDelete = await identity('DELETE', `/users/${userId}/application_credentials/${created.id}`, appToken);
    expect(selfDelete.statusCode).toBe(403);
    expect(selfDelete.json().error.message).toBe(
      "You are not authorized to perform the requested action: Using method 'application_credential' is not allowed for managing additional application credentials.",
    );
    expect((await identity('DELETE', `/users/${userId}/application_credentials/${created.id}`, token)).statusCode).toBe(204);
    expect((await volumes()).statusCode).toBe(401);
    expect((await credentialAuth({ id: created.id, secret: created.secret })).statusCode).toBe(404);
    expect((await identity('GET', `/users/${userId}/application_credentials/${created.id}`, token)).statusCode).toBe(404);
  });

  it('ends with its expiry, and with its user', async () => {
    const { token, userId } = await demo();
    const expires = new Date(cloud.clock.now + 600_000).toISOString();
    const created = (await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'short', expires_at: expires } }))
      .json().application_credential;
    const issued = (await credentialAuth({ id: created.id, secret: created.secret })).json().token;
    expect(Date.parse(issued.expires_at)).toBe(Date.parse(expires));
    // Echoed as Keystone does: Python's isoformat of the naive UTC time, to the microsecond.
    expect(created.expires_at).toBe(expires.replace(/Z$/, '000'));
    const precise = (await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'precise', expires_at: '2099-01-01T10:00:00.123456' } })).json();
    expect(precise.application_credential.expires_at).toBe('2099-01-01T10:00:00.123456');
    cloud.clock.advance(601);
    expect((await credentialAuth({ id: created.id, secret: created.secret })).statusCode).toBe(401);

    const user = await userWithRole(cloud, { user: 'leaver', project: 'leaver-project', role: 'member' });
    const kept = (await identity('POST', `/users/${user.userId}/application_credentials`, user.token, { application_credential: { name: 'kept' } })).json()
      .application_credential;
    const appToken = (await credentialAuth({ id: kept.id, secret: kept.secret })).headers['x-subject-token'] as string;
    const admin = await tokenFor(cloud.app, 'admin');
    expect((await identity('DELETE', `/users/${user.userId}`, admin)).statusCode).toBe(204);
    expect((await cloud.app.inject({ url: `/cloud/volume/v3/${user.projectId}/volumes`, headers: { 'x-auth-token': appToken } })).statusCode).toBe(401);
    expect(cloud.db().get('SELECT 1 FROM application_credentials WHERE id = ?', kept.id)).toBeUndefined();
  });

  it('lets an unrestricted credential’s token manage credentials', async () => {
    const { token, userId } = await demo();
    const created = (await identity('POST', `/users/${userId}/application_credentials`, token, { application_credential: { name: 'free', unrestricted: true } }))
      .json().application_credential;
    const appToken = (await credentialAuth({ id: created.id, secret: created.secret })).headers['x-subject-token'] as string;
    expect((await whoAmI(appToken)).application_credential.restricted).toBe(false);
    expect((await identity('POST', `/users/${userId}/application_credentials`, appToken, { application_credential: { name: 'child' } })).statusCode).toBe(201);
  });
});
