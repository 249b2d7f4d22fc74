import { CallFailure, type CloudClient } from './types.js';

/**
 * Heat's "name or id" properties (network, subnet, router, image, flavor,
 * security group): an id is taken as is when it exists, else exactly one
 * resource must have that name.
 */

const NEUTRON_SINGULAR: Record<string, string> = {
  networks: 'network',
  subnets: 'subnet',
  routers: 'router',
  ports: 'port',
  'security-groups': 'security_group',
};

export async function neutronId(cloud: CloudClient, collection: keyof typeof NEUTRON_SINGULAR, value: unknown): Promise<string> {
  const text = String(value);
  const singular = NEUTRON_SINGULAR[collection]!;
  const byId = (await cloud.find('network', `/v2.0/${collection}/${encodeURIComponent(text)}`)) as Record<string, { id: string }> | null;
  if (byId) return byId[singular]!.id;
  const listed = (await cloud.call('network', 'GET', `/v2.0/${collection}?name=${encodeURIComponent(text)}`)) as Record<string, { id: string }[]>;
  const matches = listed[collection.replace('-', '_')] ?? [];
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1) throw new CallFailure(409, `Multiple ${singular} matches found for name '${text}', use an ID to be more specific.`);
  throw new CallFailure(404, `Unable to find ${singular} with name or id '${text}'`);
}

export async function flavorId(cloud: CloudClient, value: unknown): Promise<string> {
  const text = String(value);
  const { flavors } = (await cloud.call('compute', 'GET', '/flavors/detail')) as { flavors: { id: string; name: string }[] };
  const match = flavors.find((flavor) => flavor.id === text) ?? flavors.find((flavor) => flavor.name === text);
  if (!match) throw new CallFailure(404, `Error validating value '${text}': No Flavor matching {'name': '${text}'}. (HTTP 404)`);
  return match.id;
}

export async function imageId(cloud: CloudClient, value: unknown): Promise<string> {
  const text = String(value);
  if (await cloud.find('image', `/v2/images/${encodeURIComponent(text)}`)) return text;
  const { images } = (await cloud.call('image', 'GET', `/v2/images?name=${encodeURIComponent(text)}`)) as { images: { id: string }[] };
  if (images.length === 1) return images[0]!.id;
  if (images.length > 1) throw new CallFailure(409, `Error validating value '${text}': No image unique match found for {'name': '${text}'}.`);
  throw new CallFailure(404, `Error validating value '${text}': No Image found for ${text}`);
}
