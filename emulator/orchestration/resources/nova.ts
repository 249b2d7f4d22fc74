import { flavorId, imageId, neutronId } from './lookup.js';
import { CallFailure, pick, physicalName, ResourceInError, type ResourceContext, type ResourceType, updatable } from './types.js';

/** OS::Nova::Server and OS::Nova::KeyPair. */

interface NovaServer {
  id: string;
  name: string;
  status: string;
  addresses: Record<string, { addr: string; version: number }[]>;
  fault?: { message: string; code: number };
  [key: string]: unknown;
}

async function showServer(context: ResourceContext, id: string): Promise<NovaServer | null> {
  const answer = (await context.cloud.find('compute', `/servers/${id}`)) as { server: NovaServer } | null;
  return answer?.server ?? null;
}

async function networksOf(context: ResourceContext, list: unknown): Promise<unknown[] | undefined> {
  if (!Array.isArray(list)) return undefined;
  return Promise.all(
    list.map(async (entry: Record<string, unknown>) => {
      if (entry.port) return { port: await neutronId(context.cloud, 'ports', entry.port) };
      const network = entry.network ?? entry.uuid;
      if (!network) throw new CallFailure(400, 'One of the properties "network", "port", "allocate_network" or "subnet" should be set for the specified network of server "' + context.resourceName + '".');
      return { uuid: await neutronId(context.cloud, 'networks', network), ...(entry.fixed_ip ? { fixed_ip: entry.fixed_ip } : {}) };
    }),
  );
}

const server: ResourceType = {
  properties: {
    name: {},
    image: {},
    flavor: { required: true },
    key_name: {},
    networks: {},
    security_groups: {},
    user_data: {},
    user_data_format: {},
    metadata: {},
    availability_zone: {},
    block_device_mapping_v2: {},
    config_drive: {},
    admin_pass: {},
    scheduler_hints: {},
    software_config_transport: {},
    flavor_update_policy: {},
    image_update_policy: {},
  },
  async create(context, values) {
    const body: Record<string, unknown> = {
      name: values.name ?? physicalName(context),
      flavorRef: await flavorId(context.cloud, values.flavor),
      ...pick(values, ['key_name', 'metadata', 'availability_zone', 'block_device_mapping_v2', 'config_drive'], {}),
      ...(values.admin_pass ? { adminPass: values.admin_pass } : {}),
      ...(values.user_data ? { user_data: Buffer.from(String(values.user_data)).toString('base64') } : {}),
    };
    if (values.image) body.imageRef = await imageId(context.cloud, values.image);
    const networks = await networksOf(context, values.networks);
    if (networks) body.networks = networks;
    if (Array.isArray(values.security_groups)) body.security_groups = values.security_groups.map((name) => ({ name: String(name) }));
    const answer = (await context.cloud.call('compute', 'POST', '/servers', { server: body })) as { server: { id: string } };
    return { physicalId: answer.server.id };
  },
  async ready(context, id) {
    const found = await showServer(context, id);
    if (!found) throw new ResourceInError('The server was deleted while it was being built');
    if (found.status === 'ERROR') throw new ResourceInError(`Went to status ERROR due to "Message: ${found.fault?.message ?? 'Unknown'}, Code: ${found.fault?.code ?? 500}"`);
    return found.status === 'ACTIVE';
  },
  async remove(context, id) {
    try {
      await context.cloud.call('compute', 'DELETE', `/servers/${id}`);
    } catch (error) {
      if (!(error instanceof CallFailure && error.status === 404)) throw error;
    }
  },
  gone: async (context, id) => (await showServer(context, id)) === null,
  async attributes(context, id) {
    const found = await showServer(context, id);
    if (!found) return null;
    const networks: Record<string, string[]> = {};
    for (const [name, list] of Object.entries(found.addresses ?? {})) networks[name] = list.map((entry) => entry.addr);
    const first = Object.values(found.addresses ?? {})[0]?.[0]?.addr ?? '';
    return { ...found, show: found, networks, addresses: found.addresses, first_address: first, accessIPv4: found.accessIPv4 ?? '', instance_name: found['OS-EXT-SRV-ATTR:instance_name'] ?? null };
  },
  suspend: async (context, id) => void (await context.cloud.call('compute', 'POST', `/servers/${id}/action`, { suspend: null })),
  resume: async (context, id) => void (await context.cloud.call('compute', 'POST', `/servers/${id}/action`, { resume: null })),
};

/** The physical id is the key pair's name; a generated private key is kept to answer `private_key`. */
const keyPair: ResourceType = {
  properties: { name: { required: true }, public_key: {}, save_private_key: { default: false }, type: {}, user: {} },
  async create(context, values) {
    const answer = (await context.cloud.call('compute', 'POST', '/os-keypairs', { keypair: { name: values.name, ...pick(values, ['public_key']) } })) as {
      keypair: { name: string; private_key?: string; public_key: string };
    };
    return { physicalId: answer.keypair.name, data: values.save_private_key && answer.keypair.private_key ? { private_key: answer.keypair.private_key } : {} };
  },
  async remove(context, name) {
    try {
      await context.cloud.call('compute', 'DELETE', `/os-keypairs/${encodeURIComponent(name)}`);
    } catch (error) {
      if (!(error instanceof CallFailure && error.status === 404)) throw error;
    }
  },
  async attributes(context, name, data) {
    const answer = (await context.cloud.find('compute', `/os-keypairs/${encodeURIComponent(name)}`)) as { keypair: Record<string, unknown> } | null;
    return answer ? { ...answer.keypair, private_key: data.private_key ?? '' } : null;
  },
};

/** A server's name and metadata change in place (Heat's update_allowed; a new flavor or image would resize or rebuild, not done here, so they replace). */
const updatableServer = updatable(server, ['name', 'metadata'], async (context, id, changes) => {
  if (typeof changes.name === 'string') await context.cloud.call('compute', 'PUT', `/servers/${id}`, { server: { name: changes.name } });
  if ('metadata' in changes) await context.cloud.call('compute', 'PUT', `/servers/${id}/metadata`, { metadata: changes.metadata ?? {} });
});

export const NOVA_TYPES: Record<string, ResourceType> = { 'OS::Nova::Server': updatableServer, 'OS::Nova::KeyPair': keyPair };
