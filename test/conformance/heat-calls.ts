import type { ConformanceContext, NativeCall } from './calls.js';
import { settle } from './settle.js';

/**
 * The Heat v1 calls of /api/heat (server/api/heat) and the stack topology, in
 * the order a user makes them: validate (a good template, a bad reference, a
 * default that fails its constraint),
 * preview, create, the list, the stack by name (Heat redirects; fetch
 * follows) and by name/id once settled, resources, one resource, events,
 * template, environment, outputs, check, an update, delete.
 */

const base = (ctx: ConformanceContext) => ctx.endpoint('orchestration');
const stackPath = (ctx: ConformanceContext) => `${base(ctx)}/stacks/${ctx.saved.heatStack}/${ctx.saved.heatStackId}`;
const demo = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.demoToken });
const call = (name: string, method: NativeCall['method'], url: (ctx: ConformanceContext) => string, rest: Partial<NativeCall> = {}): NativeCall => ({
  service: 'orchestration',
  name,
  method,
  url,
  headers: demo,
  reads: [],
  ...rest,
});

const TEMPLATE = {
  heat_template_version: '2018-08-31',
  description: 'conformance',
  parameters: { length: { type: 'number', default: 8, constraints: [{ range: { min: 4, max: 32 } }] } },
  resources: {
    word: { type: 'OS::Heat::RandomString', properties: { length: { get_param: 'length' } } },
    net: { type: 'OS::Neutron::Net', properties: { name: { get_attr: ['word', 'value'] } } },
  },
  outputs: { net_id: { description: 'the network', value: { get_resource: 'net' } } },
};

/** Waits (bounded) until the stack has left *_IN_PROGRESS. */
async function settled(ctx: ConformanceContext): Promise<void> {
  await settle(stackPath(ctx), ctx.demoToken, ({ body }) => !String(body?.stack?.stack_status ?? '').endsWith('IN_PROGRESS'));
}

const STACK_FIELDS = ['stack.id', 'stack.stack_name', 'stack.stack_status', 'stack.stack_status_reason', 'stack.description', 'stack.creation_time', 'stack.parameters', 'stack.outputs[].output_key', 'stack.outputs[].output_value', 'stack.outputs[].description', 'stack.links[].href', 'stack.disable_rollback', 'stack.timeout_mins'];
const RESOURCE_FIELDS = ['resource_name', 'resource_type', 'resource_status', 'resource_status_reason', 'logical_resource_id', 'physical_resource_id', 'required_by[]', 'links[].href', 'creation_time', 'updated_time'];

export const HEAT_CALLS: NativeCall[] = [
  call('POST /validate', 'POST', (ctx) => `${base(ctx)}/validate`, {
    body: () => ({ template: TEMPLATE }),
    reads: ['Description', 'Parameters.length.Type', 'Parameters.length.Default', 'Parameters.length.MinValue', 'Parameters.length.MaxValue', 'Parameters.length.Label', 'Parameters.length.NoEcho'],
  }),
  call('POST /validate (bad reference)', 'POST', (ctx) => `${base(ctx)}/validate`, {
    body: () => ({ template: { heat_template_version: '2018-08-31', resources: { r: { type: 'OS::Heat::RandomString', properties: { length: { get_resource: 'zz' } } } } } }),
    reads: ['code', 'error.type', 'error.message'],
  }),
  call('POST /validate (default fails its constraint)', 'POST', (ctx) => `${base(ctx)}/validate`, {
    body: () => ({ template: { ...TEMPLATE, parameters: { length: { type: 'number', default: 50, constraints: [{ range: { min: 4, max: 32 } }] } } } }),
    reads: ['code', 'error.type', 'error.message'],
  }),
  call('POST /stacks/preview', 'POST', (ctx) => `${base(ctx)}/stacks/preview`, {
    body: (ctx) => ({ stack_name: ctx.unique('confpreview'), template: TEMPLATE }),
    reads: ['stack.stack_name', 'stack.parameters', 'stack.resources[].resource_name', 'stack.resources[].resource_type', 'stack.resources[].required_by[]'],
  }),
  call('POST /stacks (constraint fails)', 'POST', (ctx) => `${base(ctx)}/stacks`, {
    body: (ctx) => ({ stack_name: ctx.unique('confbad'), template: TEMPLATE, parameters: { length: 50 } }),
    reads: ['error.type', 'error.message'],
  }),
  call('POST /stacks', 'POST', (ctx) => `${base(ctx)}/stacks`, {
    body: (ctx) => ({ stack_name: (ctx.saved.heatStack = ctx.unique('confstack').replace(/[^A-Za-z0-9_.-]/g, '')), template: TEMPLATE, parameters: { length: 10 } }),
    reads: ['stack.id', 'stack.links[].href'],
    after: (ctx, body) => {
      ctx.saved.heatStackId = body.stack.id;
    },
  }),
  call('GET /stacks', 'GET', (ctx) => `${base(ctx)}/stacks`, {
    reads: ['stacks[].id', 'stacks[].stack_name', 'stacks[].stack_status', 'stacks[].stack_status_reason', 'stacks[].creation_time', 'stacks[].updated_time', 'stacks[].links[].href'],
    nullable: ['stacks[].updated_time'],
  }),
  call('GET /stacks/{name} (302 followed)', 'GET', (ctx) => `${base(ctx)}/stacks/${ctx.saved.heatStack}`, { before: settled, reads: STACK_FIELDS }),
  call('GET /stacks/{name}/{id}', 'GET', stackPath, { reads: STACK_FIELDS }),
  call('GET /stacks/{name}/{id}/resources', 'GET', (ctx) => `${stackPath(ctx)}/resources`, { reads: RESOURCE_FIELDS.map((field) => `resources[].${field}`) }),
  call('GET /stacks/{name}/{id}/resources/{r}', 'GET', (ctx) => `${stackPath(ctx)}/resources/net`, { reads: [...RESOURCE_FIELDS.map((field) => `resource.${field}`), 'resource.attributes.name'] }),
  call('GET /stacks/{name}/{id}/events', 'GET', (ctx) => `${stackPath(ctx)}/events?sort_dir=asc`, {
    reads: ['events[].id', 'events[].event_time', 'events[].resource_name', 'events[].logical_resource_id', 'events[].physical_resource_id', 'events[].resource_status', 'events[].resource_status_reason'],
  }),
  call('GET /stacks/{name}/{id}/template', 'GET', (ctx) => `${stackPath(ctx)}/template`, { reads: ['heat_template_version', 'resources.word.type', 'parameters.length.type'] }),
  call('GET /stacks/{name}/{id}/environment', 'GET', (ctx) => `${stackPath(ctx)}/environment`, { reads: ['parameters.length', 'parameter_defaults', 'resource_registry'] }),
  call('GET /stacks/{name}/{id}/outputs', 'GET', (ctx) => `${stackPath(ctx)}/outputs`, { reads: ['outputs[].output_key', 'outputs[].description'] }),
  call('POST /stacks/{name}/{id}/actions check', 'POST', (ctx) => `${stackPath(ctx)}/actions`, { body: () => ({ check: null }) }),
  call('PATCH /stacks/{name}/{id}', 'PATCH', stackPath, { before: settled, body: () => ({ parameters: { length: 12 } }) }),
  call('DELETE /stacks/{name}/{id}', 'DELETE', stackPath, { before: settled }),
  call('GET /stacks/{name}/{id} (deleted)', 'GET', stackPath, { before: settled, reads: ['stack.stack_status'] }),
];
