import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Keystone's domain-specific configuration (issue 23), as the real Keystone answers it. */

let cloud: TestEmulator;
let admin: string;
let member: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = admin) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};

const LDAP = { identity: { driver: 'ldap' }, ldap: { url: 'ldap://myldap.com:389/', user_tree_dn: 'ou=Users,dc=my_new_root,dc=org' } };
let domainCount = 0;
const newDomain = async () => (await call('POST', '/domains', { domain: { name: `config-domain-${domainCount++}` } })).body.domain;

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  member = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('domain configuration', () => {
  it('answers the defaults of the identity and ldap groups, a group and an option; refuses other groups with 403', async () => {
    const all = (await call('GET', '/domains/config/default')).body.config;
    expect(all.identity).toEqual({ driver: 'sql', list_limit: null });
    expect(all.ldap.url).toBe('ldap://localhost');
    expect((await call('GET', '/domains/config/identity/default')).body).toEqual({ config: { identity: { driver: 'sql', list_limit: null } } });
    expect((await call('GET', '/domains/config/identity/list_limit/default')).body).toEqual({ config: { list_limit: null } });
    const bogus = await call('GET', '/domains/config/bogus/default');
    expect(bogus.status).toBe(403);
    expect(bogus.body.error.message).toBe('Invalid domain specific configuration: Group bogus is not supported for domain specific configurations.');
  });

  it('creates a configuration (201), shows it whole, by group and by option; a second PUT replaces it (200)', async () => {
    const domain = await newDomain();
    expect((await call('GET', `/domains/${domain.id}/config`)).status).toBe(404);
    const created = await call('PUT', `/domains/${domain.id}/config`, { config: LDAP });
    expect(created).toEqual({ status: 201, body: { config: LDAP } });
    expect((await call('GET', `/domains/${domain.id}/config/ldap`)).body).toEqual({ config: { ldap: LDAP.ldap } });
    expect((await call('GET', `/domains/${domain.id}/config/ldap/url`)).body).toEqual({ config: { url: 'ldap://myldap.com:389/' } });
    const replaced = await call('PUT', `/domains/${domain.id}/config`, { config: { identity: { driver: 'sql' } } });
    expect(replaced).toEqual({ status: 200, body: { config: { identity: { driver: 'sql' } } } });
  });

  it('updates the whole configuration, a group and an option, and deletes an option, a group and the whole', async () => {
    const domain = await newDomain();
    await call('PUT', `/domains/${domain.id}/config`, { config: LDAP });
    const url = 'ldap://other.example:389/';
    expect((await call('PATCH', `/domains/${domain.id}/config`, { config: { ldap: { url } } })).body.config.ldap).toEqual({ ...LDAP.ldap, url });
    expect((await call('PATCH', `/domains/${domain.id}/config/identity`, { config: { identity: { driver: 'd1', list_limit: 7 } } })).body.config.identity).toEqual({ driver: 'd1', list_limit: 7 });
    expect((await call('PATCH', `/domains/${domain.id}/config/identity/driver`, { config: { driver: 'd2' } })).body.config.identity.driver).toBe('d2');
    const wrongGroup = await call('PATCH', `/domains/${domain.id}/config/identity`, { config: { ldap: { url } } });
    expect([wrongGroup.status, wrongGroup.body.error.message]).toEqual([403, 'Invalid domain specific configuration: request to update group identity, but config provided contains group ldap instead.']);

    expect((await call('DELETE', `/domains/${domain.id}/config/identity/driver`)).status).toBe(204);
    expect((await call('GET', `/domains/${domain.id}/config/identity/driver`)).status).toBe(404);
    expect((await call('DELETE', `/domains/${domain.id}/config/identity`)).status).toBe(204);
    expect((await call('GET', `/domains/${domain.id}/config/identity`)).status).toBe(404);
    expect((await call('DELETE', `/domains/${domain.id}/config`)).status).toBe(204);
    expect((await call('GET', `/domains/${domain.id}/config`)).status).toBe(404);
  });

  it('keeps ldap.password but never shows it; refuses an option Keystone does not allow, and a member', async () => {
    const domain = await newDomain();
    const created = await call('PUT', `/domains/${domain.id}/config`, { config: { ldap: { url: 'ldap://x/', password: 'secret' } } });
    expect(created.body).toEqual({ config: { ldap: { url: 'ldap://x/' } } });
    const refused = await call('PATCH', `/domains/${domain.id}/config`, { config: { identity: { colour: 'red' } } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Invalid domain specific configuration: Option colour in group identity is not supported for domain specific configurations.');
    expect((await call('GET', `/domains/${domain.id}/config`, undefined, member)).status).toBe(403);
  });
});
