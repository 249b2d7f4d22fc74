import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProjectByName } from '../../../emulator/identity/models/resources.js';
import { headers, PUBLIC_URL, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let demo: string;
let admin: string;
let demoUserId: string;
let adminUserId: string;

const URL = '/cloud/compute/v2.1/os-keypairs';
const path = (name: string) => `${URL}/${encodeURIComponent(name)}`;
let counter = 0;
const unique = (prefix = 'kp') => `${prefix}-${++counter}`;

const create = (token: string, keypair: Record<string, unknown>, microversion?: string) =>
  cloud.app.inject({ method: 'POST', url: URL, headers: headers(token, microversion), payload: { keypair } });
const list = (token: string, microversion?: string, query = '') => cloud.app.inject({ url: `${URL}${query}`, headers: headers(token, microversion) });
const show = (token: string, name: string, microversion?: string, query = '') => cloud.app.inject({ url: `${path(name)}${query}`, headers: headers(token, microversion) });
const remove = (token: string, name: string, microversion?: string, query = '') =>
  cloud.app.inject({ method: 'DELETE', url: `${path(name)}${query}`, headers: headers(token, microversion) });

/** The fields of an SSH public key blob. */
function sshFields(publicKey: string): Buffer[] {
  const blob = Buffer.from(publicKey.split(' ')[1], 'base64');
  const fields: Buffer[] = [];
  for (let offset = 0; offset < blob.length; ) {
    const length = blob.readUInt32BE(offset);
    fields.push(blob.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  return fields;
}

const md5Fingerprint = (publicKey: string) =>
  createHash('md5').update(Buffer.from(publicKey.split(' ')[1], 'base64')).digest('hex').replace(/(..)(?!$)/g, '$1:');

/** An OpenSSH ed25519 public key line made locally. */
function ed25519PublicKey(comment = 'test@example'): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from((publicKey.export({ format: 'jwk' }) as { x: string }).x, 'base64url');
  const part = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([part(Buffer.from('ssh-ed25519')), part(raw)]).toString('base64')} ${comment}`;
}

/** A self-signed PEM certificate made locally. */
function certificatePem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2027-01-01T00:00:00Z');
  cert.setSubject([{ name: 'commonName', value: 'imported' }]);
  cert.setIssuer([{ name: 'commonName', value: 'imported' }]);
  cert.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

const sha1Fingerprint = (pem: string) => createHash('sha1').update(new X509Certificate(pem).raw).digest('hex').replace(/(..)(?!$)/g, '$1:');

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  const whoAmI = async (token: string) =>
    (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } })).json().token.user.id as string;
  demoUserId = await whoAmI(demo);
  adminUserId = await whoAmI(admin);
});
afterAll(async () => {
  await cloud.close();
});

describe('creating a key pair with a generated key', () => {
  it('returns the private key once, and it matches the public key and the fingerprint', async () => {
    const name = unique();
    const response = await create(demo, { name }, '2.2');
    expect(response.statusCode).toBe(201);
    const keypair = response.json().keypair;
    expect(Object.keys(keypair).sort()).toEqual(['fingerprint', 'name', 'private_key', 'public_key', 'type', 'user_id']);
    expect(keypair).toMatchObject({ name, type: 'ssh', user_id: demoUserId });
    expect(keypair.private_key).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    expect(keypair.public_key).toMatch(/^ssh-rsa AAAA[A-Za-z0-9+/=]+ Generated-by-Nova$/);

    const [type, e, n] = sshFields(keypair.public_key);
    expect(type.toString()).toBe('ssh-rsa');
    const derived = createPublicKey(createPrivateKey(keypair.private_key)).export({ format: 'jwk' }) as { n: string; e: string; kty: string };
    const strip = (value: Buffer) => (value[0] === 0 ? value.subarray(1) : value);
    expect(strip(n).toString('base64url')).toBe(derived.n);
    expect(strip(e).toString('base64url')).toBe(derived.e);
    expect(Buffer.from(derived.n, 'base64url').length * 8).toBe(2048);
    expect(keypair.fingerprint).toBe(md5Fingerprint(keypair.public_key));

    const shown = await show(demo, name, '2.2');
    expect(shown.json().keypair).not.toHaveProperty('private_key');
    expect(shown.json().keypair.fingerprint).toBe(keypair.fingerprint);
  });

  it('answers 200 without type before 2.2, as Nova does', async () => {
    const response = await create(demo, { name: unique() });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().keypair).sort()).toEqual(['fingerprint', 'name', 'private_key', 'public_key', 'user_id']);
  });

  it('generates an x509 certificate: self-signed for the user, SHA-1 fingerprint, PKCS#12 private key', async () => {
    const response = await create(demo, { name: unique('cert'), type: 'x509' }, '2.2');
    expect(response.statusCode).toBe(201);
    const keypair = response.json().keypair;
    expect(keypair.type).toBe('x509');
    const certificate = new X509Certificate(keypair.public_key);
    expect(certificate.subject).toBe(`CN=${demoUserId}`);
    expect(certificate.checkIssued(certificate)).toBe(true);
    expect(keypair.fingerprint).toBe(sha1Fingerprint(keypair.public_key));
    const bundle = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.decode64(keypair.private_key)), '');
    const key = bundle.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]![0].key as forge.pki.rsa.PrivateKey;
    const pem = forge.pki.privateKeyToPem(key);
    expect(certificate.checkPrivateKey(createPrivateKey(pem))).toBe(true);
  });
});

describe('importing a key pair', () => {
  it('imports an OpenSSH public key: no private key, the fingerprint is the MD5 of the key blob', async () => {
    const publicKey = ed25519PublicKey();
    const response = await create(demo, { name: unique('import'), public_key: publicKey }, '2.9');
    expect(response.statusCode).toBe(201);
    expect(response.json().keypair).toMatchObject({ public_key: publicKey, type: 'ssh', fingerprint: md5Fingerprint(publicKey) });
    expect(response.json().keypair).not.toHaveProperty('private_key');
  });

  it('imports a PEM certificate as x509 with the SHA-1 fingerprint of its DER', async () => {
    const pem = certificatePem();
    const response = await create(demo, { name: unique('import-cert'), type: 'x509', public_key: pem }, '2.2');
    expect(response.statusCode).toBe(201);
    expect(response.json().keypair).toMatchObject({ type: 'x509', fingerprint: sha1Fingerprint(pem) });
  });

  it('refuses key data that is not a public key of the type with 400 "Keypair data is invalid"', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ public_key: 'ssh-rsa garbage' }, 'Keypair data is invalid: failed to generate fingerprint'],
      [{ public_key: 'not a key at all' }, 'Keypair data is invalid: failed to generate fingerprint'],
      [{ public_key: ed25519PublicKey().replace('ssh-ed25519', 'ssh-rsa') }, 'Keypair data is invalid: failed to generate fingerprint'],
      [{ type: 'ssh', public_key: certificatePem() }, 'Keypair data is invalid: failed to generate fingerprint'],
      [{ type: 'x509', public_key: ed25519PublicKey() }, 'Keypair data is invalid: failed to generate X509 fingerprint. Error message: Unable to load PEM file.'],
    ];
    for (const [fields, message] of cases) {
      const name = unique('bad-key');
      const response = await create(demo, { name, ...fields }, '2.2');
      expect(response.statusCode).toBe(400);
      expect(response.json().badRequest.message.startsWith(message)).toBe(true);
      expect((await show(demo, name)).statusCode).toBe(404);
    }
  });
});

describe('names', () => {
  it('refuses a duplicate name with 409 "Key pair \'<name>\' already exists."', async () => {
    const name = unique('dup');
    await create(demo, { name, public_key: ed25519PublicKey() });
    const again = await create(demo, { name }, '2.2');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ conflictingRequest: { code: 409, message: `Key pair '${name}' already exists.` } });
  });

  it('lets two users use the same name', async () => {
    const name = unique('shared');
    expect((await create(demo, { name, public_key: ed25519PublicKey() })).statusCode).toBe(200);
    expect((await create(admin, { name, public_key: ed25519PublicKey() })).statusCode).toBe(200);
  });

  it('refuses a name outside letters, digits, space, _ and - with 400', async () => {
    const response = await create(demo, { name: 'bad/name!' });
    expect(response.statusCode).toBe(400);
    expect(response.json().badRequest.message).toBe(
      "An invalid 'name' value was provided. The name must be: Only expected characters: [_- 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ]",
    );
  });

  it('refuses an empty name, a name over 255 characters and one with leading spaces', async () => {
    expect((await create(demo, { name: '' })).json().badRequest.message).toBe("Invalid input for field/attribute name. Value: . '' is too short");
    expect((await create(demo, { name: 'a'.repeat(256) })).json().badRequest.message).toMatch(/^Invalid input for field\/attribute name\. .* is too long$/);
    expect((await create(demo, { name: ' lead' })).json().badRequest.message).toBe(
      "An invalid 'name' value was provided. The name must be: printable characters. Can not start or end with whitespace.",
    );
  });

  it('serves names with spaces through URL-encoded paths', async () => {
    const name = `my key ${unique()}`;
    expect((await create(demo, { name, public_key: ed25519PublicKey() })).statusCode).toBe(200);
    expect((await show(demo, name)).json().keypair.name).toBe(name);
    expect((await remove(demo, name, '2.2')).statusCode).toBe(204);
  });
});

describe('key pairs belong to a user', () => {
  let adminKey: string;
  let demoKey: string;
  beforeAll(async () => {
    adminKey = unique('admins');
    demoKey = unique('demos');
    await create(admin, { name: adminKey, public_key: ed25519PublicKey() });
    await create(demo, { name: demoKey, public_key: ed25519PublicKey() });
  });

  it('does not show another user key pair in the list, nor by name, nor let it be deleted', async () => {
    const names = (await list(demo, '2.2')).json().keypairs.map((item: { keypair: { name: string } }) => item.keypair.name);
    expect(names).toContain(demoKey);
    expect(names).not.toContain(adminKey);
    const shown = await show(demo, adminKey);
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toEqual({ itemNotFound: { code: 404, message: `Keypair ${adminKey} not found for user ${demoUserId}` } });
    expect((await remove(demo, adminKey)).statusCode).toBe(404);
    expect((await show(admin, adminKey)).statusCode).toBe(200);
  });

  it('refuses user_id from a non-admin with 403 from 2.10', async () => {
    const listed = await list(demo, '2.10', `?user_id=${adminUserId}`);
    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toEqual({ forbidden: { code: 403, message: "Policy doesn't allow os_compute_api:os-keypairs:index to be performed." } });
    expect((await show(demo, adminKey, '2.10', `?user_id=${adminUserId}`)).statusCode).toBe(403);
    expect((await remove(demo, adminKey, '2.10', `?user_id=${adminUserId}`)).statusCode).toBe(403);
    expect((await create(demo, { name: unique(), user_id: adminUserId }, '2.10')).statusCode).toBe(403);
  });

  it('ignores user_id before 2.10', async () => {
    const names = (await list(demo, '2.9', `?user_id=${adminUserId}`)).json().keypairs.map((item: { keypair: { name: string } }) => item.keypair.name);
    expect(names).toContain(demoKey);
    expect(names).not.toContain(adminKey);
  });

  it('lets an admin list, show, create and delete another user key pairs with user_id from 2.10', async () => {
    const names = (await list(admin, '2.10', `?user_id=${demoUserId}`)).json().keypairs.map((item: { keypair: { name: string } }) => item.keypair.name);
    expect(names).toContain(demoKey);
    expect(names).not.toContain(adminKey);
    expect((await show(admin, demoKey, '2.10', `?user_id=${demoUserId}`)).json().keypair.user_id).toBe(demoUserId);
    const forDemo = unique('for-demo');
    const created = await create(admin, { name: forDemo, user_id: demoUserId, public_key: ed25519PublicKey() }, '2.10');
    expect(created.statusCode).toBe(201);
    expect(created.json().keypair.user_id).toBe(demoUserId);
    expect((await show(demo, forDemo)).statusCode).toBe(200);
    expect((await remove(admin, forDemo, '2.10', `?user_id=${demoUserId}`)).statusCode).toBe(204);
    expect((await show(demo, forDemo)).statusCode).toBe(404);
  });
});

describe('microversions', () => {
  it('lists name, public_key and fingerprint at 2.1, and type from 2.2', async () => {
    await create(demo, { name: unique('mv'), public_key: ed25519PublicKey() });
    const base = (await list(demo)).json().keypairs;
    for (const item of base) expect(Object.keys(item.keypair).sort()).toEqual(['fingerprint', 'name', 'public_key']);
    const typed = (await list(demo, '2.2')).json().keypairs;
    for (const item of typed) expect(Object.keys(item.keypair).sort()).toEqual(['fingerprint', 'name', 'public_key', 'type']);
  });

  it('shows the Nova detail fields, with type from 2.2', async () => {
    const name = unique('detail');
    await create(demo, { name, public_key: ed25519PublicKey() });
    const base = (await show(demo, name)).json().keypair;
    expect(base).toEqual({
      name,
      public_key: expect.stringMatching(/^ssh-ed25519 /),
      fingerprint: expect.stringMatching(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/),
      user_id: demoUserId,
      created_at: '2026-01-15T09:00:00.000000',
      deleted: false,
      deleted_at: null,
      id: expect.any(Number),
      updated_at: null,
    });
    expect((await show(demo, name, '2.2')).json().keypair.type).toBe('ssh');
  });

  it('deletes with 202 before 2.2 and 204 from 2.2', async () => {
    const first = unique('del');
    const second = unique('del');
    await create(demo, { name: first, public_key: ed25519PublicKey() });
    await create(demo, { name: second, public_key: ed25519PublicKey() });
    expect((await remove(demo, first)).statusCode).toBe(202);
    expect((await remove(demo, second, '2.2')).statusCode).toBe(204);
    expect((await remove(demo, second, '2.2')).json()).toEqual({ itemNotFound: { code: 404, message: `Keypair ${second} not found for user ${demoUserId}` } });
  });

  it('refuses type at 2.1 and user_id before 2.10 as unexpected properties', async () => {
    const typed = await create(demo, { name: 'zz', type: 'ssh' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().badRequest.message).toBe(
      "Invalid input for field/attribute keypair. Value: {'name': 'zz', 'type': 'ssh'}. Additional properties are not allowed ('type' was unexpected)",
    );
    expect((await create(demo, { name: 'zz', user_id: 'x' }, '2.9')).json().badRequest.message).toMatch(/\('user_id' was unexpected\)$/);
    expect((await create(demo, { name: 'zz', type: 'dsa' }, '2.2')).json().badRequest.message).toBe(
      "Invalid input for field/attribute type. Value: dsa. 'dsa' is not one of ['ssh', 'x509']",
    );
  });

  it('from 2.92 only imports, and names may hold @ and .', async () => {
    const generated = await create(demo, { name: 'no-generation' }, '2.92');
    expect(generated.statusCode).toBe(400);
    expect(generated.json().badRequest.message).toBe(
      "Invalid input for field/attribute keypair. Value: {'name': 'no-generation'}. 'public_key' is a required property",
    );
    const imported = await create(demo, { name: 'me@host.example', public_key: ed25519PublicKey() }, '2.92');
    expect(imported.statusCode).toBe(201);
    expect(imported.json().keypair).not.toHaveProperty('private_key');
    expect((await create(demo, { name: 'me@host.example', public_key: ed25519PublicKey() }, '2.91')).json().badRequest.message).toMatch(
      /^An invalid 'name' value was provided\. The name must be: Only expected characters: \[_- 0-9a-zA-Z\]|^An invalid 'name' value/,
    );
    expect((await remove(demo, 'me@host.example', '2.92')).statusCode).toBe(204);
  });

  it('echoes the version in OpenStack-API-Version and X-OpenStack-Nova-API-Version, with Vary', async () => {
    const response = await list(demo, '2.10');
    expect(response.headers['openstack-api-version']).toBe('compute 2.10');
    expect(response.headers['x-openstack-nova-api-version']).toBe('2.10');
    expect(response.headers.vary).toMatch(/OpenStack-API-Version/);
    const legacy = await cloud.app.inject({ url: URL, headers: { 'x-auth-token': demo, 'x-openstack-nova-api-version': '2.2' } });
    expect(legacy.headers['openstack-api-version']).toBe('compute 2.2');
    expect(Object.keys(legacy.json().keypairs[0].keypair)).toContain('type');
    const latest = await list(demo, 'latest');
    expect(latest.headers['openstack-api-version']).toBe('compute 2.93');
    expect((await list(demo)).headers['openstack-api-version']).toBe('compute 2.1');
  });

  it('answers 406 outside 2.1–2.93 and 400 for a malformed version', async () => {
    const high = await list(demo, '2.94');
    expect(high.statusCode).toBe(406);
    expect(high.json()).toEqual({ computeFault: { code: 406, message: 'Version 2.94 is not supported by the API. Minimum is 2.1 and maximum is 2.93.' } });
    expect((await list(demo, '2.0')).statusCode).toBe(406);
    const malformed = await list(demo, '2.x');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().badRequest.message).toBe('API Version String 2.x is of invalid format. Must be of format MajorNum.MinorNum.');
  });

  it('pages with limit and marker from 2.35, with a next link', async () => {
    const user = await tokenFor(cloud.app, 'admin');
    const names = ['page-a', 'page-b', 'page-c'];
    for (const name of names) await create(user, { name, user_id: demoUserId, public_key: ed25519PublicKey() }, '2.10');
    const first = await list(demo, '2.35', '?limit=1&marker=page-a');
    expect(first.json().keypairs.map((item: { keypair: { name: string } }) => item.keypair.name)).toEqual(['page-b']);
    expect(first.json().keypairs_links).toEqual([{ rel: 'next', href: `${PUBLIC_URL}/cloud/compute/v2.1/os-keypairs?limit=1&marker=page-b` }]);
    const bad = await list(demo, '2.35', '?marker=no-such-key');
    expect(bad.json()).toEqual({ badRequest: { code: 400, message: 'Marker no-such-key could not be found.' } });
    expect((await list(demo, '2.35', '?limit=abc')).json().badRequest.message).toBe(
      "Invalid input for query parameters limit. Value: abc. 'abc' does not match '^[0-9]*$'",
    );
    expect((await list(demo, '2.34', '?limit=1')).json().keypairs.length).toBeGreaterThan(1);
    expect((await list(demo, '2.34', '?limit=1')).json()).not.toHaveProperty('keypairs_links');
  });

  it('refuses unknown query parameters from 2.75', async () => {
    expect((await list(demo, '2.74', '?foo=1')).statusCode).toBe(200);
    const strict = await list(demo, '2.75', '?foo=1');
    expect(strict.statusCode).toBe(400);
    expect(strict.json().badRequest.message).toBe("Additional properties are not allowed ('foo' was unexpected)");
  });
});

describe('quota', () => {
  it('refuses a key pair over the key_pairs quota with 403 "Quota exceeded, too many key pairs."', async () => {
    const other = await startEmulator();
    try {
      const projectId = findProjectByName(other.db(), 'demo', 'default')!.id;
      other.db().run("INSERT INTO quotas (project_id, resource, hard_limit) VALUES (?, 'key_pairs', 2)", projectId);
      const token = await tokenFor(other.app, 'demo');
      const post = (name: string) => other.app.inject({ method: 'POST', url: URL, headers: headers(token, '2.2'), payload: { keypair: { name, public_key: ed25519PublicKey() } } });
      expect((await post('one')).statusCode).toBe(201);
      expect((await post('two')).statusCode).toBe(201);
      const third = await post('three');
      expect(third.statusCode).toBe(403);
      expect(third.json()).toEqual({ forbidden: { code: 403, message: 'Quota exceeded, too many key pairs.' } });
      const limits = await other.app.inject({ url: '/cloud/compute/v2.1/limits', headers: headers(token) });
      expect(limits.json().limits.absolute.maxTotalKeypairs).toBe(2);
    } finally {
      await other.close();
    }
  });
});

describe('bad input and authentication', () => {
  it('answers a malformed body with 400 "Malformed request body"', async () => {
    const response = await cloud.app.inject({ method: 'POST', url: URL, headers: { ...headers(demo), 'content-type': 'application/json' }, payload: '{"keypair":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ badRequest: { code: 400, message: 'Malformed request body' } });
  });

  it('names the field that is missing or of the wrong type', async () => {
    const cases: [unknown, string][] = [
      [{}, "'keypair' is a required property"],
      [{ keypair: {} }, "Invalid input for field/attribute keypair. Value: {}. 'name' is a required property"],
      [{ keypair: { name: 42 } }, "Invalid input for field/attribute name. Value: 42. 42 is not of type 'string'"],
      [{ keypair: { name: 'ok', public_key: 7 } }, "Invalid input for field/attribute public_key. Value: 7. 7 is not of type 'string'"],
      [{ keypair: 'x' }, "Invalid input for field/attribute keypair. Value: x. 'x' is not of type 'object'"],
      [[1], "[1] is not of type 'object'"],
    ];
    for (const [payload, message] of cases) {
      const response = await cloud.app.inject({ method: 'POST', url: URL, headers: headers(demo), payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().badRequest.message).toBe(message);
    }
  });

  it('answers 401 with Keystone body without a valid project-scoped token', async () => {
    const unscoped = (
      await cloud.app.inject({
        method: 'POST',
        url: '/cloud/identity/v3/auth/tokens',
        payload: { auth: { identity: { methods: ['password'], password: { user: { name: 'demo', domain: { name: 'Default' }, password: 'demo-test-pass' } } }, scope: 'unscoped' } },
      })
    ).headers['x-subject-token'] as string;
    for (const token of [undefined, 'bogus', unscoped]) {
      const response = await cloud.app.inject({ url: URL, headers: token ? { 'x-auth-token': token } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } });
    }
  });

  it('answers unknown routes with 404 itemNotFound JSON', async () => {
    const response = await cloud.app.inject({ url: '/cloud/compute/v2.1/nothing', headers: headers(demo) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ itemNotFound: { code: 404, message: 'The resource could not be found.' } });
  });
});

describe('version discovery and limits', () => {
  it('describes v2.1 at /, /v2.1 and /v2.1/ without a token', async () => {
    const root = await cloud.app.inject({ url: '/cloud/compute/' });
    expect(root.json().versions).toEqual([expect.objectContaining({ id: 'v2.1', status: 'CURRENT', version: '2.93', min_version: '2.1' })]);
    for (const url of ['/cloud/compute/v2.1', '/cloud/compute/v2.1/']) {
      const response = await cloud.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.json().version).toMatchObject({ id: 'v2.1', status: 'CURRENT', version: '2.93', min_version: '2.1' });
      expect(response.json().version.links[0]).toEqual({ rel: 'self', href: `${PUBLIC_URL}/cloud/compute/v2.1/` });
    }
  });

  it('reports the absolute limits from the quotas, with ?reserved=1 accepted', async () => {
    const response = await cloud.app.inject({ url: '/cloud/compute/v2.1/limits?reserved=1', headers: headers(demo) });
    expect(response.statusCode).toBe(200);
    expect(response.json().limits.rate).toEqual([]);
    expect(response.json().limits.absolute).toMatchObject({
      maxTotalInstances: 10,
      totalInstancesUsed: 0,
      maxTotalCores: 20,
      totalCoresUsed: 0,
      maxTotalRAMSize: 51200,
      totalRAMUsed: 0,
      maxTotalKeypairs: 100,
      maxServerMeta: 128,
      maxImageMeta: 128,
      maxPersonality: 5,
      maxPersonalitySize: 10240,
      maxServerGroups: 10,
      maxServerGroupMembers: 10,
      totalServerGroupsUsed: 0,
    });
  });

  it('drops the network limits from 2.36, maxImageMeta from 2.39 and the personality limits from 2.57', async () => {
    const at = async (version: string) => Object.keys((await cloud.app.inject({ url: '/cloud/compute/v2.1/limits', headers: headers(demo, version) })).json().limits.absolute);
    expect(await at('2.35')).toContain('maxTotalFloatingIps');
    expect(await at('2.36')).not.toContain('maxTotalFloatingIps');
    expect(await at('2.38')).toContain('maxImageMeta');
    expect(await at('2.39')).not.toContain('maxImageMeta');
    expect(await at('2.57')).not.toContain('maxPersonality');
  });

  it('shows another project limits to an admin only', async () => {
    const projectId = findProjectByName(cloud.db(), 'admin', 'default')!.id;
    expect((await cloud.app.inject({ url: `/cloud/compute/v2.1/limits?tenant_id=${projectId}`, headers: headers(demo) })).statusCode).toBe(403);
    expect((await cloud.app.inject({ url: `/cloud/compute/v2.1/limits?tenant_id=${projectId}`, headers: headers(admin) })).statusCode).toBe(200);
  });
});
