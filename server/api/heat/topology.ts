import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { heat, stackPath } from './native.js';

/**
 * The stack topology's data, `project/stacks/get_d3_data/{stack_id}/`
 * (api-contract §12, heat-dashboard's d3_data): the stack and its resources
 * as d3 nodes, each with an icon chosen from its type and status and an
 * info box (server-rendered HTML, every name escaped). Never an error: a
 * stack that cannot be read is a synthetic DELETE_COMPLETE one.
 */

/** heat-dashboard's resource type → icon family (the first key contained in the type wins). */
const ICON_FAMILIES: [string, string][] = [
  ['LoadBalance', 'lb'],
  ['HealthMonitor', 'lb'],
  ['PoolMember', 'lb'],
  ['Pool', 'lb'],
  ['DBInstance', 'db'],
  ['Database', 'db'],
  ['Instance', 'server'],
  ['Server', 'server'],
  ['Alarm', 'alarm'],
  ['VolumeAttachment', 'volume'],
  ['Volume', 'volume'],
  ['stack', 'stack'],
  ['AutoScalingGroup', 'stack'],
  ['ResourceGroup', 'stack'],
  ['Image', 'image'],
  ['WaitCondition', 'wait'],
  ['Firewall', 'firewall'],
  ['FloatingIP', 'floatingip'],
  ['RouterInterface', 'router'],
  ['RouterGateway', 'router'],
  ['Router', 'router'],
  ['ScalingPolicy', 'policy'],
  ['Config', 'config'],
  ['MultipartMime', 'config'],
  ['SoftwareDeployment', 'config'],
  ['StructuredDeployment', 'config'],
  ['Subnet', 'network'],
  ['Net', 'network'],
  ['Port', 'port'],
  ['SecurityGroup', 'securitygroup'],
  ['VPNService', 'vpn'],
  ['Flavor', 'flavor'],
  ['KeyPair', 'keypair'],
];

export const ICON_FAMILY_NAMES = [...new Set([...ICON_FAMILIES.map(([, family]) => family), 'unknown'])];

export function iconFamily(type: string): string {
  return ICON_FAMILIES.find(([key]) => type.includes(key))?.[1] ?? 'unknown';
}

/** heat-dashboard's status families: IN_PROGRESS, FAILED, DELETE, INIT, else COMPLETE. */
export function statusFamily(status: string): 'IN_PROGRESS' | 'FAILED' | 'DELETE' | 'INIT' | 'COMPLETE' {
  if (status.includes('IN_PROGRESS')) return 'IN_PROGRESS';
  if (status.includes('FAILED')) return 'FAILED';
  if (status.includes('DELETE')) return 'DELETE';
  if (status.includes('INIT')) return 'INIT';
  return 'COMPLETE';
}

const ICON_VARIANT = { IN_PROGRESS: 'gray-busy', FAILED: 'red', DELETE: 'red', INIT: 'gray', COMPLETE: 'green' } as const;

export const ICON_ROOT = '/static/heat/img/';

export function iconUrl(status: string, type: string): string {
  return `${ICON_ROOT}${iconFamily(type)}-${ICON_VARIANT[statusFamily(status)]}.svg`;
}

const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** "CREATE_IN_PROGRESS" → "Create In Progress" (Django's title filter after replace_underscores). */
export const statusLabel = (status: string) => status.toLowerCase().split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');

/** Where a resource of a type is shown in the dashboard (heat-dashboard's resource_urls), by its physical id. */
const RESOURCE_PAGES: Record<string, (id: string) => string> = {
  'OS::Nova::Server': (id) => `/project/instances/${id}`,
  'OS::Neutron::Net': (id) => `/project/networks/${id}`,
  'OS::Neutron::Subnet': (id) => `/project/networks/subnets/${id}`,
  'OS::Neutron::Port': (id) => `/project/networks/ports/${id}`,
  'OS::Neutron::Router': (id) => `/project/routers/${id}`,
  'OS::Neutron::SecurityGroup': () => '/project/security_groups',
  'OS::Cinder::Volume': (id) => `/project/volumes/${id}`,
  'OS::Nova::KeyPair': () => '/project/key_pairs',
};

interface NativeResource {
  resource_name: string;
  resource_type: string;
  resource_status: string;
  resource_status_reason?: string;
  physical_resource_id?: string;
  required_by?: string[];
}

function stackInfo(stack: { stack_name: string; stack_status: string; stack_status_reason?: string }, image: string): string {
  return (
    `<img src="${escapeHtml(image)}" width="35" height="35" />` +
    `<div id="stack_info"><h3>${escapeHtml(stack.stack_name)}</h3>` +
    `<p class="error">${escapeHtml(statusLabel(stack.stack_status))}</p>` +
    `<p>${escapeHtml(stack.stack_status_reason ?? '')}</p></div>`
  );
}

function resourceInfo(resource: NativeResource, image: string): string {
  const page = resource.physical_resource_id ? RESOURCE_PAGES[resource.resource_type]?.(resource.physical_resource_id) : undefined;
  return (
    `<img src="${escapeHtml(image)}" width="35" height="35" />` +
    `<div id="resource_info"><h3>${escapeHtml(resource.resource_name)}</h3>` +
    (page ? `<p><a href="${escapeHtml(page)}">${escapeHtml(resource.resource_name)}</a></p>` : '') +
    `<p>${escapeHtml(resource.resource_type)}</p>` +
    `<p class="error">${escapeHtml(statusLabel(resource.resource_status))}</p>` +
    `<p>${escapeHtml(resource.resource_status_reason ?? '')}</p></div>`
  );
}

const COLOURS = { green: '#3c9d46', red: '#c9302c', gray: '#8a8a8a' } as const;
/** One letter per icon family, drawn in a circle: the icons are made here, no image files to ship. */
const LETTERS: Record<string, string> = {
  lb: 'LB', db: 'DB', server: 'S', alarm: 'A', volume: 'V', stack: 'St', image: 'I', wait: 'W', firewall: 'FW', floatingip: 'IP',
  router: 'R', policy: 'P', config: 'C', network: 'N', port: 'Pt', securitygroup: 'SG', vpn: 'VPN', flavor: 'F', keypair: 'K', unknown: '?',
};

export function iconSvg(family: string, variant: 'green' | 'red' | 'gray' | 'gray-busy'): string {
  const colour = COLOURS[variant === 'gray-busy' ? 'gray' : variant];
  const spinner =
    variant === 'gray-busy'
      ? '<circle cx="50" cy="50" r="46" fill="none" stroke="#5bc0de" stroke-width="6" stroke-dasharray="60 230"><animateTransform attributeName="transform" type="rotate" from="0 50 50" to="360 50 50" dur="1s" repeatCount="indefinite"/></circle>'
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
    `<circle cx="50" cy="50" r="40" fill="${colour}"/>${spinner}` +
    `<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="${LETTERS[family]!.length > 2 ? 22 : 32}" fill="#fff">${LETTERS[family]}</text></svg>`
  );
}

export const topologyRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get<{ Params: { stack_id: string } }>('/project/stacks/get_d3_data/:stack_id/', async (request, reply) => {
    if (!request.session) throw new ApiError(401, 'not logged in');
    const client = await access.client(request);
    const stackId = request.params.stack_id;
    let stack: { id: string; stack_name: string; stack_status: string; stack_status_reason?: string };
    let resources: NativeResource[] = [];
    try {
      const path = await stackPath(client, stackId);
      stack = (await heat<{ stack: typeof stack }>(client, 'GET', path)).body.stack;
      resources = (await heat<{ resources: NativeResource[] }>(client, 'GET', `${path}/resources`)).body.resources;
    } catch {
      stack = { id: stackId, stack_name: '', stack_status: 'DELETE_COMPLETE', stack_status_reason: 'DELETE_COMPLETE' };
    }
    const stackImage = iconUrl(stack.stack_status, 'stack');
    const nodes = resources.map((resource) => {
      const image = iconUrl(resource.resource_status, resource.resource_type);
      const family = statusFamily(resource.resource_status);
      return {
        name: resource.resource_name,
        status: resource.resource_status,
        image,
        required_by: resource.required_by ?? [],
        image_size: 50,
        image_x: -25,
        image_y: -25,
        text_x: 35,
        text_y: '.35em',
        in_progress: family === 'IN_PROGRESS' || family === 'INIT',
        info_box: resourceInfo(resource, image),
      };
    });
    reply.header('Cache-Control', 'no-cache').type('application/json');
    return {
      stack: {
        stack_id: stack.id,
        name: stack.stack_name,
        status: stack.stack_status,
        image: stackImage,
        image_size: 60,
        image_x: -30,
        image_y: -30,
        text_x: 40,
        text_y: '.35em',
        in_progress: stack.stack_status.includes('IN_PROGRESS') || stack.stack_status.includes('INIT'),
        info_box: stackInfo(stack, stackImage),
      },
      nodes,
    };
  });

  // The node icons, drawn on request (public: they hold nothing).
  app.get<{ Params: { name: string } }>(`${ICON_ROOT}:name`, { config: { public: true } }, async (request, reply) => {
    const match = /^([a-z]+)-(green|red|gray|gray-busy)\.svg$/.exec(request.params.name);
    if (!match || !ICON_FAMILY_NAMES.includes(match[1]!)) throw new ApiError(404, 'No such icon.');
    reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml');
    return iconSvg(match[1]!, match[2] as 'green');
  });
};
