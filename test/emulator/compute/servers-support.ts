import type { LightMyRequestResponse } from 'fastify';
import { DEFAULT_SERVER_TRANSITION_MS } from '../../../emulator/compute/index.js';
import { headers, type TestEmulator } from '../../support/emulator.js';
import { waitUntil } from '../../support/wait.js';

/** Shared arrangements of the Nova servers emulator tests. */

export const BASE = '/cloud/compute/v2.1';
/** Seconds a transition takes with the default EMULATOR_SERVER_TRANSITION_MS. */
export const TRANSITION_S = DEFAULT_SERVER_TRANSITION_MS / 1000;

export interface ServerApi {
  create(token: string, server: Record<string, unknown>, extra?: Record<string, unknown>, microversion?: string): Promise<LightMyRequestResponse>;
  show(token: string, id: string, microversion?: string): Promise<LightMyRequestResponse>;
  action(token: string, id: string, body: Record<string, unknown>, microversion?: string): Promise<LightMyRequestResponse>;
  get(token: string, path: string, microversion?: string): Promise<LightMyRequestResponse>;
  send(token: string, method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, microversion?: string): Promise<LightMyRequestResponse>;
  /** A server (`show` at 2.67). */
  server(token: string, id: string): Promise<Record<string, unknown>>;
  /** Moves the clock past the current transition and reads the server. */
  settle(token: string, id: string): Promise<Record<string, unknown>>;
}

export function serverApi(cloud: TestEmulator): ServerApi {
  const api: ServerApi = {
    create: (token, server, extra = {}, microversion = '2.67') =>
      cloud.app.inject({ method: 'POST', url: `${BASE}/servers`, headers: headers(token, microversion), payload: { server, ...extra } }),
    show: (token, id, microversion = '2.67') => cloud.app.inject({ url: `${BASE}/servers/${id}`, headers: headers(token, microversion) }),
    action: (token, id, body, microversion) => cloud.app.inject({ method: 'POST', url: `${BASE}/servers/${id}/action`, headers: headers(token, microversion), payload: body }),
    get: (token, path, microversion) => cloud.app.inject({ url: `${BASE}${path}`, headers: headers(token, microversion) }),
    send: (token, method, path, payload, microversion) =>
      cloud.app.inject({ method, url: `${BASE}${path}`, headers: headers(token, microversion), ...(payload === undefined ? {} : { payload: payload as object }) }),
    async server(token, id) {
      const response = await api.show(token, id);
      if (response.statusCode !== 200) throw new Error(`GET server ${id}: ${response.statusCode} ${response.body}`);
      return response.json().server;
    },
    async settle(token, id) {
      cloud.clock.advance(TRANSITION_S + 0.001);
      return api.server(token, id);
    },
  };
  return api;
}

/** Waits for work the emulator does off the request (volume and image copies, on real I/O, not on the test clock). */
export async function whenSettled(check: () => Promise<boolean> | boolean): Promise<void> {
  await waitUntil(check, (done) => done, { what: 'the background copy to finish', timeout: 10_000, interval: 10 });
}
