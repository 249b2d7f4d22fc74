import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Heat calls against the in-process emulator, as demo, on demo's project. */

export interface HeatCaller {
  token: string;
  projectId: string;
}

export async function heatCaller(cloud: TestEmulator, who: 'demo' | 'admin' = 'demo'): Promise<HeatCaller> {
  const token = await tokenFor(cloud.app, who);
  const answer = await cloud.app.inject({ method: 'GET', url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } });
  return { token, projectId: answer.json().token.project.id as string };
}

export function heat(cloud: TestEmulator, caller: HeatCaller, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<LightMyRequestResponse> {
  return cloud.app.inject({
    method,
    url: `/cloud/orchestration/v1/${caller.projectId}${path}`,
    headers: { 'x-auth-token': caller.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Another service's native call with the same token (to see what a stack made). */
export function native(cloud: TestEmulator, caller: HeatCaller, path: string): Promise<LightMyRequestResponse> {
  return cloud.app.inject({ method: 'GET', url: `/cloud${path.replace('{project}', caller.projectId)}`, headers: { 'x-auth-token': caller.token } });
}

export async function createStack(cloud: TestEmulator, caller: HeatCaller, body: Record<string, unknown>): Promise<{ id: string; path: string }> {
  const response = await heat(cloud, caller, 'POST', '/stacks', body);
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().stack.id as string;
  return { id, path: `/stacks/${String(body.stack_name)}/${id}` };
}

/** Moves the clock until the stack leaves IN_PROGRESS (the engine steps on each request); its final status. */
export async function settle(cloud: TestEmulator, caller: HeatCaller, path: string, rounds = 40): Promise<Record<string, unknown>> {
  for (let round = 0; round < rounds; round++) {
    const response = await heat(cloud, caller, 'GET', path);
    const stack = response.json().stack as Record<string, unknown>;
    if (!String(stack.stack_status).endsWith('IN_PROGRESS')) return stack;
    cloud.clock.advance(1);
  }
  throw new Error(`stack ${path} still in progress`);
}
