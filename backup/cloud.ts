import { UpstreamError } from '../server/errors.js';
import { endpointUrl } from '../server/openstack/catalog.js';
import { callUpstream, type UpstreamResponse } from '../server/openstack/http.js';
import { type KeystoneToken, v3Root } from '../server/openstack/keystone.js';
import type { CatalogEntry } from '../shared/catalog.js';

/**
 * The backup service's calls to the cloud's native APIs (Keystone v3 and
 * Cinder v3), the built-in cloud's or a real one's: the same calls either way.
 */

export interface CloudOptions {
  /** Keystone's URL; a function when it is known only once the server listens. */
  authUrl: string | (() => string);
  interface: string;
  region: string | null;
  timeoutMs: number;
}

export interface NativeVolume {
  id: string;
  name: string | null;
  description: string | null;
  size: number;
  status: string;
  bootable: string;
  volume_type: string | null;
  attachments: { server_id: string }[];
}

export interface NativeBackup {
  id: string;
  name: string | null;
  status: string;
  size: number;
  volume_id: string;
  is_incremental: boolean;
  has_dependent_backups: boolean;
  fail_reason: string | null;
}

/** A token of one user on one project, and where that project's Cinder is. */
export class CloudSession {
  constructor(
    readonly token: string,
    readonly projectId: string,
    readonly userId: string,
    private readonly catalog: CatalogEntry[],
    private readonly options: CloudOptions,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<UpstreamResponse<T>> {
    const url = new URL(endpointUrl(this.catalog, 'block-storage', this.options.region, this.options.interface) + path);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    return callUpstream<T>({
      method,
      url: url.toString(),
      headers: { 'X-Auth-Token': this.token, 'OpenStack-API-Version': 'volume 3.0' },
      body,
      timeoutMs: this.options.timeoutMs,
      service: 'block-storage',
      answer: method === 'DELETE' || (method === 'POST' && path.endsWith('/action')) ? 'text' : 'json',
    });
  }

  /** The volume, or null when Cinder no longer has it. */
  async volume(id: string): Promise<NativeVolume | null> {
    try {
      return (await this.call<{ volume: NativeVolume }>('GET', `/volumes/${encodeURIComponent(id)}`)).body.volume;
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return null;
      throw error;
    }
  }

  async volumes(): Promise<NativeVolume[]> {
    return (await this.call<{ volumes: NativeVolume[] }>('GET', '/volumes/detail', undefined, { limit: '1000' })).body.volumes;
  }

  async volumeTypes(): Promise<{ id: string; name: string }[]> {
    return (await this.call<{ volume_types: { id: string; name: string }[] }>('GET', '/types')).body.volume_types;
  }

  async createBackup(volumeId: string, name: string, description: string, incremental: boolean): Promise<NativeBackup> {
    const body = { backup: { volume_id: volumeId, name, description, incremental, force: true } };
    return (await this.call<{ backup: NativeBackup }>('POST', '/backups', body)).body.backup;
  }

  /** The backup, or null when it is gone. */
  async backup(id: string): Promise<NativeBackup | null> {
    try {
      return (await this.call<{ backup: NativeBackup }>('GET', `/backups/${encodeURIComponent(id)}`)).body.backup;
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return null;
      throw error;
    }
  }

  async backupsNamed(name: string): Promise<NativeBackup[]> {
    return (await this.call<{ backups: NativeBackup[] }>('GET', '/backups/detail', undefined, { name })).body.backups;
  }

  /** Asks Cinder to delete; a backup already gone counts as deleted. */
  async deleteBackup(id: string): Promise<void> {
    try {
      await this.call('DELETE', `/backups/${encodeURIComponent(id)}`);
    } catch (error) {
      if (!(error instanceof UpstreamError && error.status === 404)) throw error;
    }
  }

  async createVolume(spec: { size: number; name: string; description: string; volume_type?: string }): Promise<NativeVolume> {
    return (await this.call<{ volume: NativeVolume }>('POST', '/volumes', { volume: spec })).body.volume;
  }

  async restoreBackup(backupId: string, volumeId: string): Promise<void> {
    await this.call('POST', `/backups/${encodeURIComponent(backupId)}/restore`, { restore: { volume_id: volumeId } });
  }

  async updateVolume(id: string, fields: { name: string; description: string }): Promise<void> {
    await this.call('PUT', `/volumes/${encodeURIComponent(id)}`, { volume: fields });
  }

  async setBootable(id: string, bootable: boolean): Promise<void> {
    await this.call('POST', `/volumes/${encodeURIComponent(id)}/action`, { 'os-set_bootable': { bootable } });
  }

  /** The project's volume quotas with usage (`gigabytes` and `gigabytes_<type>`). */
  async quotaUsage(): Promise<Record<string, { limit: number; in_use: number; reserved?: number }>> {
    const response = await this.call<{ quota_set: Record<string, unknown> }>('GET', `/os-quota-sets/${encodeURIComponent(this.projectId)}`, undefined, { usage: 'true' });
    const usage: Record<string, { limit: number; in_use: number }> = {};
    for (const [key, value] of Object.entries(response.body.quota_set)) {
      if (value && typeof value === 'object' && 'limit' in value) usage[key] = value as { limit: number; in_use: number };
    }
    return usage;
  }
}

/** Keystone: who a token is, application credentials, and tokens from them. */
export class CloudIdentity {
  constructor(private readonly options: CloudOptions) {}

  private root(): string {
    const url = typeof this.options.authUrl === 'function' ? this.options.authUrl() : this.options.authUrl;
    return v3Root(url);
  }

  private async keystone<T>(method: string, path: string, token: string | null, body?: unknown, subject?: string): Promise<UpstreamResponse<T>> {
    const headers: Record<string, string> = {};
    if (token) headers['X-Auth-Token'] = token;
    if (subject) headers['X-Subject-Token'] = subject;
    return callUpstream<T>({ method, url: this.root() + path, headers, body, timeoutMs: this.options.timeoutMs, service: 'identity', answer: method === 'DELETE' ? 'text' : 'json' });
  }

  /** The user and project of a caller's token (what keystonemiddleware tells an OpenStack service). */
  async validate(token: string): Promise<KeystoneToken> {
    return (await this.keystone<{ token: KeystoneToken }>('GET', '/auth/tokens', token, undefined, token)).body.token;
  }

  /** A session for a token the caller holds. */
  async sessionOf(token: string): Promise<CloudSession> {
    const body = await this.validate(token);
    if (!body.project) throw new UpstreamError(401, 'The token is not scoped to a project.', 'identity');
    return new CloudSession(token, body.project.id, body.user.id, body.catalog ?? [], this.options);
  }

  /** A credential for the token's user on the token's project, so the service acts for them when nobody is logged in. */
  async createCredential(token: string, userId: string, name: string): Promise<{ id: string; secret: string }> {
    const body = { application_credential: { name, description: 'Runs backup plans of the dashboard when nobody is logged in.' } };
    const response = await this.keystone<{ application_credential: { id: string; secret: string } }>('POST', `/users/${encodeURIComponent(userId)}/application_credentials`, token, body);
    return { id: response.body.application_credential.id, secret: response.body.application_credential.secret };
  }

  async deleteCredential(token: string, userId: string, id: string): Promise<void> {
    try {
      await this.keystone('DELETE', `/users/${encodeURIComponent(userId)}/application_credentials/${encodeURIComponent(id)}`, token);
    } catch (error) {
      if (!(error instanceof UpstreamError && error.status === 404)) throw error;
    }
  }

  /** A session from an application credential (the `application_credential` auth method). */
  async sessionFromCredential(id: string, secret: string): Promise<CloudSession> {
    const auth = { identity: { methods: ['application_credential'], application_credential: { id, secret } } };
    const response = await this.keystone<{ token: KeystoneToken }>('POST', '/auth/tokens', null, { auth });
    const token = response.headers.get('x-subject-token');
    const body = response.body.token;
    if (!token || !body.project) throw new UpstreamError(502, 'The identity service answered without a project token.', 'identity');
    return new CloudSession(token, body.project.id, body.user.id, body.catalog ?? [], this.options);
  }
}
