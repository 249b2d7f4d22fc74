import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** Where the cloud is: the built-in emulator, or a real Keystone. */
export type CloudTarget =
  | { kind: 'emulator' }
  | { kind: 'real'; authUrl: string; defaultDomain?: string; defaultRegion?: string; interface: string };

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  publicUrl?: string;
  sessionSecret: string;
  cloud: CloudTarget;
  adminPassword?: string;
  demoPassword?: string;
  /** Settings served by /api/settings/ that an operator may override. */
  settingsOverrides: Record<string, unknown>;
  /** Upstream request timeout in ms: the most one request waits for the cloud. */
  upstreamTimeoutMs: number;
  /** How long a service that did not answer is reported down before it is tried again. */
  upstreamDownMs: number;
  /**
   * Which peers' X-Forwarded-For/-Proto are believed (Fastify's trustProxy):
   * false (default), true, or a comma-separated list of addresses/CIDRs.
   */
  trustProxy: boolean | string;
  /** Login attempts allowed per user name and client address within loginWindowMs. */
  loginAttemptLimit: number;
  loginWindowMs: number;
}

type Env = Record<string, string | undefined>;

/**
 * Reads the configuration from the environment and from `--name=value` flags
 * (flags win). Names are the environment variables of ARCHITECTURE.md.
 */
export function loadConfig(env: Env = process.env, argv: string[] = process.argv.slice(2)): ServerConfig {
  const merged: Env = { ...env, ...flagsToEnv(argv) };
  const dataDir = resolve(merged.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(merged.PORT ?? 8080),
    host: merged.HOST ?? '127.0.0.1',
    dataDir,
    publicUrl: merged.PUBLIC_URL?.replace(/\/+$/, ''),
    sessionSecret: merged.SESSION_SECRET ?? persistedSecret(dataDir),
    cloud: cloudTarget(merged),
    adminPassword: merged.ADMIN_PASSWORD || undefined,
    demoPassword: merged.DEMO_PASSWORD || undefined,
    settingsOverrides: settingsFromEnv(merged),
    upstreamTimeoutMs: Number(merged.UPSTREAM_TIMEOUT_MS ?? 30_000),
    upstreamDownMs: Number(merged.UPSTREAM_DOWN_MS ?? 10_000),
    trustProxy: trustProxyFrom(merged.TRUST_PROXY),
    loginAttemptLimit: Number(merged.LOGIN_ATTEMPT_LIMIT ?? 10),
    loginWindowMs: Number(merged.LOGIN_WINDOW_SECONDS ?? 300) * 1000,
  };
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy header (a client could
 * otherwise pick its own address for the login limiter, or its own scheme);
 * `true` trusts every peer (only when every client comes through the proxy),
 * anything else is a comma-separated list of proxy addresses or CIDRs
 * (`127.0.0.1,10.0.0.0/8`), or `loopback`, `uniquelocal`…
 */
export function trustProxyFrom(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text;
}

/** `--data-dir=x` becomes DATA_DIR=x, so every variable is also a flag. */
function flagsToEnv(argv: string[]): Env {
  const out: Env = {};
  for (const arg of argv) {
    const match = /^--([a-z0-9-]+)=(.*)$/i.exec(arg);
    if (match) out[match[1].replace(/-/g, '_').toUpperCase()] = match[2];
  }
  return out;
}

/** A secret generated once and kept in DATA_DIR, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

function cloudTarget(env: Env): CloudTarget {
  if (env.OS_AUTH_URL) {
    return {
      kind: 'real',
      authUrl: env.OS_AUTH_URL,
      defaultDomain: env.OS_USER_DOMAIN_NAME ?? env.OS_PROJECT_DOMAIN_NAME,
      defaultRegion: env.OS_REGION_NAME,
      interface: env.OS_INTERFACE ?? 'public',
    };
  }
  if (env.OS_CLOUD) return cloudFromCloudsYaml(env.OS_CLOUD, env);
  return { kind: 'emulator' };
}

/** The clouds.yaml search path of openstacksdk: current dir, user config, system. */
function cloudFromCloudsYaml(name: string, env: Env): CloudTarget {
  const candidates = [
    env.OS_CLIENT_CONFIG_FILE,
    join(process.cwd(), 'clouds.yaml'),
    join(homedir(), '.config', 'openstack', 'clouds.yaml'),
    '/etc/openstack/clouds.yaml',
  ].filter((path): path is string => Boolean(path));
  const file = candidates.find((path) => existsSync(path));
  if (!file) throw new Error(`OS_CLOUD=${name} but no clouds.yaml was found (looked in ${candidates.join(', ')})`);
  const document = parseYaml(readFileSync(file, 'utf8')) as { clouds?: Record<string, CloudsYamlEntry> };
  const cloud = document.clouds?.[name];
  if (!cloud?.auth?.auth_url) throw new Error(`clouds.yaml (${file}) has no cloud "${name}" with auth.auth_url`);
  return {
    kind: 'real',
    authUrl: cloud.auth.auth_url,
    defaultDomain: cloud.auth.user_domain_name ?? cloud.auth.project_domain_name,
    defaultRegion: cloud.region_name,
    interface: cloud.interface ?? 'public',
  };
}

interface CloudsYamlEntry {
  auth?: { auth_url?: string; user_domain_name?: string; project_domain_name?: string };
  region_name?: string;
  interface?: string;
}

/** Settings the spec names that an operator sets as environment variables. */
function settingsFromEnv(env: Env): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (env.AJAX_POLL_INTERVAL) out.AJAX_POLL_INTERVAL = Number(env.AJAX_POLL_INTERVAL);
  if (env.HORIZON_IMAGES_UPLOAD_MODE) out.HORIZON_IMAGES_UPLOAD_MODE = env.HORIZON_IMAGES_UPLOAD_MODE;
  if (env.SWIFT_SEGMENT_SIZE) out.SWIFT_SEGMENT_SIZE = Number(env.SWIFT_SEGMENT_SIZE);
  if (env.ENFORCE_PASSWORD_CHECK) out.ENFORCE_PASSWORD_CHECK = env.ENFORCE_PASSWORD_CHECK === 'true';
  if (env.DASHBOARD_SETTINGS) Object.assign(out, JSON.parse(env.DASHBOARD_SETTINGS) as Record<string, unknown>);
  return out;
}
