import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/backend/http';
import { createNovaProvider } from '../../dataProviders/nova';
import { instanceRecord, ipAddressText } from '../../dataProviders/nova-servers';
import { resourceCall } from '../../src/backend/verbs';
import { makeNovaServer } from '../support/instance-records';

/** An HTTP client answering by "VERB path"; every request is recorded. */
function fakeHttp(answers: Record<string, unknown>) {
  const calls: [string, string, unknown?][] = [];
  const verb = (name: string) =>
    vi.fn(async (path: string, body?: unknown) => {
      calls.push([name, path, body]);
      const key = `${name} ${path}`;
      if (!(key in answers)) throw Object.assign(new Error(`no answer for ${key}`), { status: 404 });
      return answers[key];
    });
  const http = { get: verb('get'), post: verb('post'), put: verb('put'), patch: verb('patch'), delete: verb('delete') } as unknown as HttpClient;
  return { http, calls };
}

describe('instances data provider (api-contract §6, §6.2)', () => {
  it('lists the servers with the flavor names from the flavor list and the image names the server gives, without listing the images', async () => {
    const listed = makeNovaServer({ name: 'web', flavor: { id: 'f1' }, image_name: 'cirros-0.6', 'OS-EXT-STS:task_state': 'spawning', 'OS-EXT-STS:power_state': 0 });
    const { http, calls } = fakeHttp({
      'get /api/nova/servers/': { items: [listed] },
      'get /api/nova/flavors/': { items: [{ id: 'f1', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 }] },
    });
    const { data } = await createNovaProvider(http).getList('instance', {});
    expect(calls.map(([verb, path]) => `${verb} ${path}`)).not.toContain('get /api/glance/images/');
    expect(data[0]).toMatchObject({
      id: 'srv-web',
      flavor_id: 'f1',
      flavor_name: 'm1.small',
      ram: 2048,
      image_id: 'img-cirros',
      image_name: 'cirros-0.6',
      task: 'spawning',
      power_state: 'NO STATE',
      availability_zone: 'nova',
      ip_address: '10.0.0.5',
      age: listed.created,
    });
  });

  it('still lists the servers when the flavors or images cannot be read', async () => {
    const { http } = fakeHttp({ 'get /api/nova/servers/': { items: [makeNovaServer({ flavor: { id: 'private-flavor' }, image_name: undefined })] } });
    const { data } = await createNovaProvider(http).getList('instance', {});
    expect(data[0]).toMatchObject({ flavor_id: 'private-flavor', flavor_name: null, image_name: null });
  });

  it('reads one server at /api/nova/servers/{id} (no trailing slash) and finds the embedded flavor’s id by its name', async () => {
    const { http, calls } = fakeHttp({
      'get /api/nova/servers/srv-web': makeNovaServer({ name: 'web', 'OS-EXT-SRV-ATTR:host': 'rc-compute1' }),
      'get /api/nova/flavors/': { items: [{ id: '1', name: 'm1.tiny' }] },
    });
    const { data } = await createNovaProvider(http).getOne('instance', { id: 'srv-web' });
    expect(calls.map(([verb, path]) => `${verb} ${path}`)).toContain('get /api/nova/servers/srv-web');
    expect(data).toMatchObject({ flavor_id: '1', flavor_name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1, host: 'rc-compute1', image_name: 'cirros', key_name: 'mykey' });
  });

  it('runs the operations as POST servers/{id} {operation}, and the resize verdicts on their own routes', async () => {
    const { http, calls } = fakeHttp({
      'post /api/nova/servers/srv-web': undefined,
      'post /api/nova/servers/srv-web/confirm-resize/': undefined,
      'post /api/nova/servers/srv-web/revert-resize/': undefined,
    });
    const call = resourceCall(createNovaProvider(http));
    for (const name of ['start', 'stop', 'pause', 'unpause', 'suspend', 'resume', 'soft_reboot', 'hard_reboot', 'confirm_resize', 'revert_resize']) {
      await call('instance', { id: 'srv-web', name });
    }
    expect(calls).toEqual([
      ...['start', 'stop', 'pause', 'unpause', 'suspend', 'resume', 'soft_reboot', 'hard_reboot'].map((operation) => ['post', '/api/nova/servers/srv-web', { operation }]),
      ['post', '/api/nova/servers/srv-web/confirm-resize/', {}],
      ['post', '/api/nova/servers/srv-web/revert-resize/', {}],
    ]);
  });

  it('reads the console log lines, the AUTO console, the action log, volumes, security groups and the encrypted password', async () => {
    const { http, calls } = fakeHttp({
      'post /api/nova/servers/s1/console-output/': { lines: ['a', 'b'] },
      'post /api/nova/servers/s1/console-info/': { type: 'novnc', url: 'http://x' },
      'get /api/nova/servers/s1/actions/': { items: [{ action: 'create' }] },
      'get /api/nova/servers/s1/volumes/': { items: [{ volumeId: 'v' }] },
      'get /api/nova/servers/s1/security-groups/': { items: [{ id: 'sg' }] },
      'get /api/nova/servers/s1/password/': 'Y2lwaGVy',
    });
    const call = resourceCall(createNovaProvider(http));
    expect((await call('instance', { id: 's1', name: 'console-output', data: { length: 35 } })).data).toEqual(['a', 'b']);
    expect((await call('instance', { id: 's1', name: 'console-info' })).data).toEqual({ type: 'novnc', url: 'http://x' });
    expect((await call('instance', { id: 's1', name: 'actions' })).data).toEqual([{ action: 'create' }]);
    expect((await call('instance', { id: 's1', name: 'volumes' })).data).toEqual([{ volumeId: 'v' }]);
    expect((await call('instance', { id: 's1', name: 'security-groups' })).data).toEqual([{ id: 'sg' }]);
    expect((await call('instance', { id: 's1', name: 'password' })).data).toBe('Y2lwaGVy');
    expect(calls.slice(0, 2).map(([, , body]) => body)).toEqual([{ length: 35 }, { console_type: 'AUTO' }]);
  });

  it('deletes with DELETE /api/nova/servers/{id}', async () => {
    const { http, calls } = fakeHttp({ 'delete /api/nova/servers/s1': undefined });
    await createNovaProvider(http).delete('instance', { id: 's1' });
    expect(calls).toEqual([['delete', '/api/nova/servers/s1', undefined]]);
  });
});

describe('instance record (Horizon tables.py)', () => {
  it('shows one network’s addresses IPv4 first, and several networks one per line led by their names', () => {
    expect(ipAddressText({ private: [{ addr: 'fd00::5', version: 6 }, { addr: '10.0.0.5', version: 4 }] })).toBe('10.0.0.5, fd00::5');
    expect(ipAddressText({ a: [{ addr: '10.0.0.5', version: 4 }], b: [{ addr: '172.24.4.3', version: 4 }] })).toBe('a: 10.0.0.5\nb: 172.24.4.3');
    expect(ipAddressText({})).toBe('');
  });

  it('names the power state, says none without a task, and leaves the image empty for a volume-backed instance', () => {
    const record = instanceRecord(makeNovaServer({ 'OS-EXT-STS:power_state': 4, image: '', image_name: null, fault: { message: 'NoValidHost' } }));
    expect(record).toMatchObject({ power_state: 'SHUTDOWN', task: 'none', image_id: null, image_name: null, fault_message: 'NoValidHost' });
  });
});
