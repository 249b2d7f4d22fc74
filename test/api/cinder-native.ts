import { nativeSession, type Persona, type TestCloud } from '../support/cloud.js';
import { waitUntil } from '../support/wait.js';

/**
 * Direct Cinder calls for the api tests: what `/api/cinder/` does not offer
 * (snapshot create, delete, quota reads) is arranged and cleaned up natively,
 * against the emulator or the real cloud alike.
 */
export class NativeCinder {
  private constructor(
    readonly token: string,
    /** `…/v3/{project_id}` */
    readonly url: string,
    readonly projectId: string,
  ) {}

  static async login(cloud: TestCloud, persona: Persona): Promise<NativeCinder> {
    const session = await nativeSession(cloud, persona, ['block-storage', 'volumev3', 'volume']);
    return new NativeCinder(session.token, session.endpoint, session.projectId);
  }

  async call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(this.url + path, {
      method,
      headers: { 'X-Auth-Token': this.token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Polls until `check` holds (the real cloud and the emulator both take a moment). */
  async until(path: string, check: (status: number, body: any) => boolean, what: string): Promise<any> {
    const response = await waitUntil(() => this.call('GET', path), ({ status, body }) => check(status, body), { what });
    return response.body;
  }

  volumeAvailable(id: string) {
    return this.until(`/volumes/${id}`, (status, body) => status === 200 && ['available', 'error'].includes(body.volume.status), `volume ${id}`);
  }

  snapshotAvailable(id: string) {
    return this.until(`/snapshots/${id}`, (status, body) => status === 200 && ['available', 'error'].includes(body.snapshot.status), `snapshot ${id}`);
  }

  async createSnapshot(volumeId: string, name: string): Promise<string> {
    const response = await this.call<{ snapshot: { id: string } }>('POST', '/snapshots', { snapshot: { volume_id: volumeId, name } });
    if (response.status !== 202) throw new Error(`snapshot create: ${response.status} ${JSON.stringify(response.body)}`);
    await this.snapshotAvailable(response.body.snapshot.id);
    return response.body.snapshot.id;
  }

  /** Deletes snapshots first, then volumes, waiting for each to be gone. */
  async cleanUp(snapshots: string[], volumes: string[]): Promise<void> {
    for (const id of snapshots) {
      await this.until(`/snapshots/${id}`, (status, body) => status === 404 || !['creating', 'deleting'].includes(body.snapshot.status), `snapshot ${id}`);
      await this.call('DELETE', `/snapshots/${id}`);
    }
    for (const id of snapshots) await this.until(`/snapshots/${id}`, (status) => status === 404, `snapshot ${id} gone`);
    for (const id of volumes) {
      await this.until(
        `/volumes/${id}`,
        (status, body) => status === 404 || !['creating', 'deleting', 'extending'].includes(body.volume.status),
        `volume ${id}`,
      );
      await this.call('DELETE', `/volumes/${id}`);
    }
    for (const id of volumes) await this.until(`/volumes/${id}`, (status) => status === 404, `volume ${id} gone`);
  }
}
