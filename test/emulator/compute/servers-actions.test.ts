import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';
import { waitUntil } from '../../support/wait.js';
import { type ServerApi, serverApi } from './servers-support.js';

let cloud: TestEmulator;
let api: ServerApi;
let demo: string;
let imageId: string;

beforeAll(async () => {
  cloud = await startEmulator();
  api = serverApi(cloud);
  demo = await tokenFor(cloud.app, 'demo');
  imageId = (await cloud.app.inject({ url: '/cloud/image/v2/images?name=tiny-boot', headers: { 'x-auth-token': demo } })).json().images[0].id;
  const projectId = (await cloud.app.inject({ url: '/cloud/network/v2.0/networks?name=private', headers: { 'x-auth-token': demo } })).json().networks[0].project_id;
  for (const resource of ['instances', 'cores', 'ram']) cloud.db().run('INSERT INTO quotas (project_id, resource, hard_limit) VALUES (?, ?, -1)', projectId, resource);
});
afterAll(async () => {
  await cloud.close();
});

async function activeServer(): Promise<string> {
  const response = await api.create(demo, { name: 'actions', imageRef: imageId, flavorRef: '1', networks: 'auto' });
  const id = response.json().server.id;
  await api.settle(demo, id);
  return id;
}

/** Runs an action and lets it finish; returns the server. */
async function run(id: string, body: Record<string, unknown>) {
  const response = await api.action(demo, id, body);
  if (response.statusCode >= 300) throw new Error(`${Object.keys(body)[0]}: ${response.statusCode} ${response.body}`);
  return api.settle(demo, id);
}

const conflict = (id: string, action: string, state: string, attr = 'vm_state') => ({
  conflictingRequest: { code: 409, message: `Cannot '${action}' instance ${id} while it is in ${attr} ${state}` },
});

describe('the power state machine', () => {
  it('stops (task powering-off) to SHUTOFF, starts back to ACTIVE', async () => {
    const id = await activeServer();
    expect((await api.action(demo, id, { 'os-stop': null })).statusCode).toBe(202);
    expect(await api.server(demo, id)).toMatchObject({ status: 'ACTIVE', 'OS-EXT-STS:task_state': 'powering-off' });
    expect(await api.settle(demo, id)).toMatchObject({ status: 'SHUTOFF', 'OS-EXT-STS:vm_state': 'stopped', 'OS-EXT-STS:power_state': 4, 'OS-EXT-STS:task_state': null });
    expect(await run(id, { 'os-start': null })).toMatchObject({ status: 'ACTIVE', 'OS-EXT-STS:power_state': 1 });
  });

  it('pauses and unpauses, suspends and resumes', async () => {
    const id = await activeServer();
    expect(await run(id, { pause: null })).toMatchObject({ status: 'PAUSED', 'OS-EXT-STS:power_state': 3 });
    expect(await run(id, { unpause: null })).toMatchObject({ status: 'ACTIVE' });
    expect(await run(id, { suspend: null })).toMatchObject({ status: 'SUSPENDED', 'OS-EXT-STS:vm_state': 'suspended' });
    expect(await run(id, { resume: null })).toMatchObject({ status: 'ACTIVE' });
  });

  it('shows REBOOT for a soft reboot and HARD_REBOOT for a hard one, then ACTIVE', async () => {
    const id = await activeServer();
    await api.action(demo, id, { reboot: { type: 'SOFT' } });
    expect(await api.server(demo, id)).toMatchObject({ status: 'REBOOT', 'OS-EXT-STS:task_state': 'rebooting' });
    expect(await api.settle(demo, id)).toMatchObject({ status: 'ACTIVE' });
    await api.action(demo, id, { reboot: { type: 'HARD' } });
    expect(await api.server(demo, id)).toMatchObject({ status: 'HARD_REBOOT', 'OS-EXT-STS:task_state': 'rebooting_hard' });
    expect(await api.settle(demo, id)).toMatchObject({ status: 'ACTIVE' });
  });

  it("refuses what Nova refuses in each state, with its 409 wording", async () => {
    const id = await activeServer();
    expect((await api.action(demo, id, { 'os-start': null })).json()).toEqual(conflict(id, 'start', 'active'));
    expect((await api.action(demo, id, { unpause: null })).json()).toEqual(conflict(id, 'unpause', 'active'));
    expect((await api.action(demo, id, { resume: null })).json()).toEqual(conflict(id, 'resume', 'active'));
    expect((await api.action(demo, id, { confirmResize: null })).json()).toEqual(conflict(id, 'confirmResize', 'active'));
    await run(id, { 'os-stop': null });
    expect((await api.action(demo, id, { 'os-stop': null })).json()).toEqual(conflict(id, 'stop', 'stopped'));
    expect((await api.action(demo, id, { pause: null })).json()).toEqual(conflict(id, 'pause', 'stopped'));
    expect((await api.action(demo, id, { suspend: null })).json()).toEqual(conflict(id, 'suspend', 'stopped'));
    expect((await api.action(demo, id, { reboot: { type: 'SOFT' } })).json()).toEqual(conflict(id, 'reboot', 'stopped'));
    // A hard reboot starts a stopped server.
    expect(await run(id, { reboot: { type: 'HARD' } })).toMatchObject({ status: 'ACTIVE' });
    await run(id, { pause: null });
    expect((await api.action(demo, id, { 'os-stop': null })).json()).toEqual(conflict(id, 'stop', 'paused'));
  });

  it('refuses any action while another one runs, naming the task state', async () => {
    const id = await activeServer();
    await api.action(demo, id, { 'os-stop': null });
    expect((await api.action(demo, id, { reboot: { type: 'HARD' } })).json()).toEqual(conflict(id, 'reboot', 'powering-off', 'task_state'));
    expect((await api.action(demo, id, { pause: null })).json()).toEqual(conflict(id, 'pause', 'powering-off', 'task_state'));
  });

  it('refuses actions on a server still building', async () => {
    const response = await api.create(demo, { name: 'young', imageRef: imageId, flavorRef: '1', networks: 'auto' });
    const id = response.json().server.id;
    expect((await api.action(demo, id, { 'os-stop': null })).json()).toEqual(conflict(id, 'stop', 'building'));
  });

  it('refuses a metadata change while building (409), and takes it once the server is built', async () => {
    const response = await api.create(demo, { name: 'young-meta', imageRef: imageId, flavorRef: '1', networks: 'auto', metadata: { tier: 'web' } });
    const id = response.json().server.id;
    const early = await api.send(demo, 'POST', `/servers/${id}/metadata`, { metadata: { tier: 'db' } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(conflict(id, 'update metadata', 'building'));
    await api.settle(demo, id);
    expect((await api.send(demo, 'POST', `/servers/${id}/metadata`, { metadata: { tier: 'db' } })).statusCode).toBe(200);
    expect((await api.get(demo, `/servers/${id}/metadata`)).json()).toEqual({ metadata: { tier: 'db' } });
  });

  it('records every action in os-instance-actions, newest first, with the request id it answered with', async () => {
    const id = await activeServer();
    const stop = await api.action(demo, id, { 'os-stop': null });
    await api.settle(demo, id);
    const actions = (await api.get(demo, `/servers/${id}/os-instance-actions`)).json().instanceActions;
    expect(actions.map((action: { action: string }) => action.action)).toEqual(['stop', 'create']);
    expect(actions[0]).toMatchObject({ instance_uuid: id, request_id: stop.headers['x-openstack-request-id'], message: null, start_time: expect.stringMatching(/\.\d{6}$/) });
  });
});

describe('resizing', () => {
  it('refuses the same flavor as Nova does', async () => {
    const id = await activeServer();
    const response = await api.action(demo, id, { resize: { flavorRef: '1' } });
    expect(response.json()).toEqual({ badRequest: { code: 400, message: 'When resizing, instances must change flavor!' } });
  });

  it('goes RESIZE → VERIFY_RESIZE on the new flavor; confirm keeps it, ACTIVE', async () => {
    const id = await activeServer();
    await api.action(demo, id, { resize: { flavorRef: '2' } });
    expect(await api.server(demo, id)).toMatchObject({ status: 'RESIZE', 'OS-EXT-STS:task_state': 'resize_prep' });
    const resized = await api.settle(demo, id);
    expect(resized).toMatchObject({ status: 'VERIFY_RESIZE', flavor: { original_name: 'm1.small' } });
    expect((await api.action(demo, id, { confirmResize: null })).statusCode).toBe(204);
    expect(await api.server(demo, id)).toMatchObject({ status: 'ACTIVE', flavor: { original_name: 'm1.small' } });
  });

  it('fails a resize to a smaller disk as the hypervisor does: back to ACTIVE on the old flavor, the action logged as Error', async () => {
    const response = await api.create(demo, { name: 'big', imageRef: imageId, flavorRef: '2', networks: 'auto' });
    const id = response.json().server.id;
    await api.settle(demo, id);
    expect((await api.action(demo, id, { resize: { flavorRef: '1' } })).statusCode).toBe(202);
    expect(await api.settle(demo, id)).toMatchObject({ status: 'ACTIVE', flavor: { original_name: 'm1.small' } });
    const actions = (await api.get(demo, `/servers/${id}/os-instance-actions`)).json().instanceActions;
    expect(actions[0]).toMatchObject({ action: 'resize', message: 'Error' });
  });

  it('reverts to the old flavor', async () => {
    const id = await activeServer();
    await run(id, { resize: { flavorRef: '2' } });
    await api.action(demo, id, { revertResize: null });
    expect(await api.server(demo, id)).toMatchObject({ status: 'REVERT_RESIZE', 'OS-EXT-STS:task_state': 'resize_reverting' });
    expect(await api.settle(demo, id)).toMatchObject({ status: 'ACTIVE', flavor: { original_name: 'm1.tiny' } });
  });
});

describe('console, metadata and snapshots', () => {
  it('gives the last `length` lines of a boot log naming the server and its address', async () => {
    const id = await activeServer();
    const server = await api.server(demo, id);
    const full = (await api.action(demo, id, { 'os-getConsoleOutput': {} })).json().output as string;
    expect(full).toContain('Cloud-init v.');
    expect(full).toContain((server.addresses as Record<string, { addr: string }[]>).private[0].addr);
    const again = (await api.action(demo, id, { 'os-getConsoleOutput': {} })).json().output;
    expect(again).toBe(full);
    const tail = (await api.action(demo, id, { 'os-getConsoleOutput': { length: 3 } })).json().output as string;
    expect(tail).toBe(full.split('\n').slice(-3).join('\n'));
  });

  it('hands out a noVNC URL to a console page, and refuses other console types', async () => {
    const id = await activeServer();
    const response = await api.action(demo, id, { 'os-getVNCConsole': { type: 'novnc' } });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().console.url);
    expect(response.json().console.type).toBe('novnc');
    const page = await cloud.app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('login:');
    cloud.clock.advance(601);
    expect((await cloud.app.inject({ url: url.pathname + url.search })).statusCode).toBe(401);
    expect((await api.action(demo, id, { 'os-getSPICEConsole': { type: 'spice-html5' } })).json()).toEqual({ badRequest: { code: 400, message: 'Unavailable console type spice-html5.' } });
  });

  it('answers remote-consoles from 2.6 with protocol, type and url; refuses mks (no proxy)', async () => {
    const id = await activeServer();
    const path = `/servers/${id}/remote-consoles`;
    const vnc = await api.send(demo, 'POST', path, { remote_console: { protocol: 'vnc', type: 'novnc' } }, '2.6');
    expect(vnc.json().remote_console).toEqual({ protocol: 'vnc', type: 'novnc', url: expect.stringContaining('/cloud/compute/console/vnc_lite.html?token=') });
    expect((await api.send(demo, 'POST', path, { remote_console: { protocol: 'mks', type: 'webmks' } }, '2.8')).json()).toEqual({
      badRequest: { code: 400, message: 'Unavailable console type webmks.' },
    });
    expect((await api.send(demo, 'POST', path, { remote_console: { protocol: 'vnc', type: 'novnc' } }, '2.5')).statusCode).toBe(404);
  });

  it('sets, replaces and deletes metadata once the server is built', async () => {
    const id = await activeServer();
    expect((await api.send(demo, 'POST', `/servers/${id}/metadata`, { metadata: { a: '1', b: '2' } })).json()).toEqual({ metadata: { a: '1', b: '2' } });
    expect((await api.send(demo, 'PUT', `/servers/${id}/metadata`, { metadata: { c: '3' } })).json()).toEqual({ metadata: { c: '3' } });
    expect((await api.send(demo, 'DELETE', `/servers/${id}/metadata/c`)).statusCode).toBe(204);
    expect((await api.send(demo, 'DELETE', `/servers/${id}/metadata/c`)).json()).toEqual({ itemNotFound: { code: 404, message: 'Metadata item was not found' } });
    expect((await api.get(demo, `/servers/${id}/metadata`)).json()).toEqual({ metadata: {} });
  });

  it('creates an image from a server (image_id from 2.45), which becomes active in Glance as a snapshot', async () => {
    const id = await activeServer();
    const response = await api.action(demo, id, { createImage: { name: 'snap-1' } }, '2.45');
    expect(response.statusCode).toBe(202);
    const snapshotId = response.json().image_id;
    expect(await api.server(demo, id)).toMatchObject({ 'OS-EXT-STS:task_state': 'image_snapshot' });
    const image = await waitUntil(
      async () => (await cloud.app.inject({ url: `/cloud/image/v2/images/${snapshotId}`, headers: { 'x-auth-token': demo } })).json() as Record<string, unknown>,
      (candidate) => candidate.status === 'active',
      { what: 'the snapshot image active', timeout: 10_000, interval: 10 },
    );
    expect(image).toMatchObject({ name: 'snap-1', status: 'active', visibility: 'private', image_type: 'snapshot', instance_uuid: id, base_image_ref: imageId });
    expect(await api.settle(demo, id)).toMatchObject({ 'OS-EXT-STS:task_state': null });
    const old = await api.action(demo, id, { createImage: { name: 'snap-2' } });
    expect(old.headers.location).toMatch(/\/cloud\/image\/v2\/images\/[0-9a-f-]{36}$/);
  });
});
