import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';

const dir = () => mkdtempSync(join(tmpdir(), 'dashboard-config-'));

describe('configuration', () => {
  it('defaults to the emulator on 127.0.0.1:8080', () => {
    const config = loadConfig({ DATA_DIR: dir() }, []);
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', cloud: { kind: 'emulator' } });
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir }, []).sessionSecret;
    expect(loadConfig({ DATA_DIR: dataDir }, []).sessionSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
  });

  it('trusts no proxy header unless TRUST_PROXY names the proxies (or true)', () => {
    expect(loadConfig({ DATA_DIR: dir() }, []).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'false' }, []).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'true' }, []).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }, []).trustProxy).toBe('10.0.0.1, 10.1.0.0/16');
  });

  it('reads how long a service that did not answer is reported down (UPSTREAM_DOWN_MS, default 10 s)', () => {
    expect(loadConfig({ DATA_DIR: dir() }, []).upstreamDownMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dir(), UPSTREAM_DOWN_MS: '2500' }, []).upstreamDownMs).toBe(2500);
  });

  it('OS_AUTH_URL selects a real cloud and flags override the environment', () => {
    const config = loadConfig({ DATA_DIR: dir(), OS_AUTH_URL: 'http://keystone:5000/v3', PORT: '1' }, ['--port=9000']);
    expect(config.port).toBe(9000);
    expect(config.cloud).toMatchObject({ kind: 'real', authUrl: 'http://keystone:5000/v3', interface: 'public' });
  });

  it('OS_CLOUD reads clouds.yaml', () => {
    const file = join(dir(), 'clouds.yaml');
    writeFileSync(file, 'clouds:\n  mine:\n    auth:\n      auth_url: http://k:5000/v3\n      user_domain_name: Corp\n    region_name: North\n');
    const config = loadConfig({ DATA_DIR: dir(), OS_CLOUD: 'mine', OS_CLIENT_CONFIG_FILE: file }, []);
    expect(config.cloud).toEqual({ kind: 'real', authUrl: 'http://k:5000/v3', defaultDomain: 'Corp', defaultRegion: 'North', interface: 'public' });
  });

  it('an unknown OS_CLOUD is a clear error', () => {
    const file = join(dir(), 'clouds.yaml');
    writeFileSync(file, 'clouds: {}\n');
    expect(() => loadConfig({ DATA_DIR: dir(), OS_CLOUD: 'nope', OS_CLIENT_CONFIG_FILE: file }, [])).toThrow(/no cloud "nope"/);
  });
});
