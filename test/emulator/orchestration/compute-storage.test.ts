import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator.js';
import { createStack, heat, type HeatCaller, heatCaller, native, settle } from './support.js';

/** Key pairs, volumes and volume attachments made by a stack through Nova and Cinder, and undone by its deletion. */

let cloud: TestEmulator;
let demo: HeatCaller;

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await heatCaller(cloud);
});
afterAll(async () => {
  await cloud.close();
});

const TEMPLATE = {
  heat_template_version: '2018-08-31',
  resources: {
    key: { type: 'OS::Nova::KeyPair', properties: { name: 'heat-key', save_private_key: true } },
    disk: { type: 'OS::Cinder::Volume', properties: { size: 1, name: 'heat-disk' } },
    server: { type: 'OS::Nova::Server', properties: { image: 'tiny-boot', flavor: 'm1.tiny', key_name: { get_resource: 'key' }, networks: [{ network: 'private' }] } },
    attach: { type: 'OS::Cinder::VolumeAttachment', properties: { instance_uuid: { get_resource: 'server' }, volume_id: { get_resource: 'disk' } } },
  },
  outputs: { private_key: { value: { get_attr: ['key', 'private_key'] } } },
};

describe('a stack with a key pair, a volume and its attachment to a server', () => {
  it('makes the key pair, a volume in-use on the server, and takes them all away on delete', async () => {
    const { path } = await createStack(cloud, demo, { stack_name: 'storage', template: TEMPLATE });
    const stack = await settle(cloud, demo, path);
    expect(stack.stack_status, String(stack.stack_status_reason)).toBe('CREATE_COMPLETE');
    expect((stack.outputs as { output_value: string }[])[0]!.output_value).toMatch(/PRIVATE KEY/);
    const resources = Object.fromEntries(((await heat(cloud, demo, 'GET', `${path}/resources`)).json().resources as Record<string, string>[]).map((resource) => [resource.resource_name, resource.physical_resource_id]));
    expect(resources.key).toBe('heat-key');
    const volume = (await native(cloud, demo, `/volume/v3/{project}/volumes/${resources.disk}`)).json().volume;
    expect(volume).toMatchObject({ name: 'heat-disk', status: 'in-use' });
    expect(volume.attachments[0].server_id).toBe(resources.server);
    const server = (await native(cloud, demo, `/compute/v2.1/servers/${resources.server}`)).json().server;
    expect(server.key_name).toBe('heat-key');

    await heat(cloud, demo, 'DELETE', path);
    expect((await settle(cloud, demo, path)).stack_status).toBe('DELETE_COMPLETE');
    expect((await native(cloud, demo, `/volume/v3/{project}/volumes/${resources.disk}`)).statusCode).toBe(404);
    expect((await native(cloud, demo, `/compute/v2.1/os-keypairs/heat-key`)).statusCode).toBe(404);
    expect((await native(cloud, demo, `/compute/v2.1/servers/${resources.server}`)).statusCode).toBe(404);
  });
});
