import { ApiClient } from '../support/api-client.js';
import { nativeSession, type Persona, startTestCloud, type TestCloud } from '../support/cloud.js';

/**
 * Direct Neutron calls for the api tests: what `/api/neutron/` and
 * `/api/network/` do not offer (routers, ports, subnet pools, deletes) is
 * arranged and cleaned up natively, against the emulator or the real cloud.
 */
export class NativeNeutron {
  private readonly cleanups: (() => Promise<unknown>)[] = [];

  private constructor(
    readonly token: string,
    /** `http://host:9696/v2.0` */
    readonly url: string,
    readonly projectId: string,
  ) {}

  static async login(cloud: TestCloud, persona: Persona): Promise<NativeNeutron> {
    const session = await nativeSession(cloud, persona, ['network']);
    return new NativeNeutron(session.token, `${session.endpoint}/v2.0`, session.projectId);
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

  /** A call that must succeed. */
  async ok<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call<T>(method, path, body);
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  /** Runs `undo` at clean-up time, latest first. */
  later(undo: () => Promise<unknown>): void {
    this.cleanups.push(undo);
  }

  /** Deletes `path` at clean-up time (a 404 is fine: the test may have deleted it). */
  deleteLater(path: string): void {
    this.later(async () => {
      const response = await this.call('DELETE', path);
      if (response.status >= 400 && response.status !== 404) throw new Error(`DELETE ${path}: ${response.status}`);
    });
  }

  /** Undoes everything, latest first; what fails (a pool still holding a subnet) is tried once more at the end. */
  async cleanUp(): Promise<void> {
    const failed: (() => Promise<unknown>)[] = [];
    for (const undo of this.cleanups.reverse()) await undo().catch(() => failed.push(undo));
    for (const undo of failed) await undo().catch(() => undefined);
    this.cleanups.length = 0;
  }

  async extensionAliases(): Promise<string[]> {
    return (await this.ok<{ extensions: { alias: string }[] }>('GET', '/extensions')).extensions.map((extension) => extension.alias);
  }
}

/** What each Neutron api test file works with: the cloud, demo's and admin's API clients and native Neutron sessions. */
export interface NeutronTestBed {
  cloud: TestCloud;
  demo: ApiClient;
  admin: ApiClient;
  demoNative: NativeNeutron;
  adminNative: NativeNeutron;
}

/** Starts the cloud (the emulator, or the real one under OS_AUTH_URL) and logs both personas in, through /api and natively. */
export async function openNeutronTestBed(): Promise<NeutronTestBed> {
  const cloud = await startTestCloud();
  return {
    cloud,
    demo: await ApiClient.loggedIn(cloud, 'demo'),
    admin: await ApiClient.loggedIn(cloud, 'admin'),
    demoNative: await NativeNeutron.login(cloud, 'demo'),
    adminNative: await NativeNeutron.login(cloud, 'admin'),
  };
}

/** Deletes what the native sessions made, then stops the cloud; whatever was opened, if setting up failed half-way. */
export async function closeNeutronTestBed(bed: Partial<NeutronTestBed>): Promise<void> {
  await bed.demoNative?.cleanUp();
  await bed.adminNative?.cleanUp();
  await bed.cloud?.close();
}
