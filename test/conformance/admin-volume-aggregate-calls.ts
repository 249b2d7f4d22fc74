import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The native calls of Admin > Volumes' Volume Types and QoS Specs tabs
 * (server/api/cinder/types.ts, qos.ts) and of Admin > Host Aggregates
 * (server/api/nova/aggregates.ts): create, associate, edit, edit keys, delete, in
 * that order; each made thing is deleted by the last calls.
 */

const cinder = (ctx: ConformanceContext) => ctx.endpoint('volumev3').replace(/\/+$/, '');
const nova = (ctx: ConformanceContext) => ctx.endpoint('compute').replace(/\/+$/, '');
const admin = (microversion?: string) => (ctx: ConformanceContext) => ({
  'X-Auth-Token': ctx.adminToken,
  ...(microversion ? { 'OpenStack-API-Version': `compute ${microversion}`, 'X-OpenStack-Nova-API-Version': microversion } : {}),
});
const demo = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.demoToken });

export const ADMIN_VOLUME_AGGREGATE_CALLS: NativeCall[] = [
  {
    service: 'volume',
    name: 'POST /types (admin)',
    method: 'POST',
    url: (ctx) => `${cinder(ctx)}/types`,
    headers: admin(),
    body: (ctx) => ({ volume_type: { name: ctx.unique('conf-type'), description: 'conformance', 'os-volume-type-access:is_public': true } }),
    reads: ['volume_type.id', 'volume_type.name', 'volume_type.description', 'volume_type.is_public'],
    after: (ctx, body) => void (ctx.saved.volumeType = body.volume_type.id),
  },
  {
    service: 'volume',
    name: 'POST /qos-specs (admin)',
    method: 'POST',
    url: (ctx) => `${cinder(ctx)}/qos-specs`,
    headers: admin(),
    body: (ctx) => ({ qos_specs: { name: ctx.unique('conf-qos'), consumer: 'front-end', total_iops_sec: '500' } }),
    reads: ['qos_specs.id', 'qos_specs.name', 'qos_specs.consumer', 'qos_specs.specs'],
    after: (ctx, body) => void (ctx.saved.qosSpec = body.qos_specs.id),
  },
  {
    service: 'volume',
    name: 'POST /qos-specs (member: refused)',
    method: 'POST',
    url: (ctx) => `${cinder(ctx)}/qos-specs`,
    headers: demo,
    body: (ctx) => ({ qos_specs: { name: ctx.unique('conf-qos-member') } }),
    reads: ['forbidden.message'],
  },
  {
    service: 'volume',
    name: 'PUT /qos-specs/{id} (set keys)',
    method: 'PUT',
    url: (ctx) => `${cinder(ctx)}/qos-specs/${ctx.saved.qosSpec}`,
    headers: admin(),
    body: () => ({ qos_specs: { read_bytes_sec: '2048' } }),
    reads: ['qos_specs'],
  },
  {
    service: 'volume',
    name: 'PUT /qos-specs/{id} (Edit Consumer)',
    method: 'PUT',
    url: (ctx) => `${cinder(ctx)}/qos-specs/${ctx.saved.qosSpec}`,
    headers: admin(),
    body: () => ({ qos_specs: { consumer: 'both' } }),
    reads: ['qos_specs.consumer'],
  },
  {
    service: 'volume',
    name: 'PUT /types/{id} (Edit Volume Type)',
    method: 'PUT',
    url: (ctx) => `${cinder(ctx)}/types/${ctx.saved.volumeType}`,
    headers: admin(),
    body: (ctx) => ({ volume_type: { name: ctx.unique('conf-type-edited'), description: 'edited', is_public: false } }),
    reads: ['volume_type.id', 'volume_type.name', 'volume_type.description', 'volume_type.is_public', 'volume_type.extra_specs'],
  },
  {
    service: 'volume',
    name: 'PUT /types/{id} (member: refused)',
    method: 'PUT',
    url: (ctx) => `${cinder(ctx)}/types/${ctx.saved.volumeType}`,
    headers: demo,
    body: () => ({ volume_type: { description: 'member' } }),
    reads: ['forbidden.message'],
  },
  {
    service: 'volume',
    name: 'PUT /qos-specs/{id}/delete_keys',
    method: 'PUT',
    url: (ctx) => `${cinder(ctx)}/qos-specs/${ctx.saved.qosSpec}/delete_keys`,
    headers: admin(),
    body: () => ({ keys: ['total_iops_sec'] }),
    reads: [],
  },
  {
    service: 'volume',
    name: 'GET /qos-specs/{id}/associate?vol_type_id=',
    method: 'GET',
    url: (ctx) => `${cinder(ctx)}/qos-specs/${ctx.saved.qosSpec}/associate?vol_type_id=${ctx.saved.volumeType}`,
    headers: admin(),
    reads: [],
  },
  {
    service: 'volume',
    name: 'GET /types/{id} (admin: qos_specs_id)',
    method: 'GET',
    url: (ctx) => `${cinder(ctx)}/types/${ctx.saved.volumeType}`,
    headers: admin(),
    reads: ['volume_type.qos_specs_id'],
  },
  {
    service: 'volume',
    name: 'GET /qos-specs/{id}/associations',
    method: 'GET',
    url: (ctx) => `${cinder(ctx)}/qos-specs/${ctx.saved.qosSpec}/associations`,
    headers: admin(),
    reads: ['qos_associations'],
  },
  {
    service: 'volume',
    name: 'GET /qos-specs/{id}/disassociate?vol_type_id=',
    method: 'GET',
    url: (ctx) => `${cinder(ctx)}/qos-specs/${ctx.saved.qosSpec}/disassociate?vol_type_id=${ctx.saved.volumeType}`,
    headers: admin(),
    reads: [],
  },
  {
    service: 'volume',
    name: 'DELETE /qos-specs/{id}',
    method: 'DELETE',
    url: (ctx) => `${cinder(ctx)}/qos-specs/${ctx.saved.qosSpec}`,
    headers: admin(),
    reads: [],
  },
  {
    service: 'volume',
    name: 'DELETE /types/{id}',
    method: 'DELETE',
    url: (ctx) => `${cinder(ctx)}/types/${ctx.saved.volumeType}`,
    headers: admin(),
    reads: [],
  },
  {
    service: 'compute',
    name: 'POST /os-aggregates (admin)',
    method: 'POST',
    url: (ctx) => `${nova(ctx)}/os-aggregates`,
    headers: admin('2.41'),
    body: (ctx) => ({ aggregate: { name: ctx.unique('conf-agg'), availability_zone: ctx.unique('conf-az') } }),
    reads: ['aggregate.id', 'aggregate.name', 'aggregate.availability_zone', 'aggregate.hosts', 'aggregate.metadata'],
    after: (ctx, body) => void (ctx.saved.aggregate = String(body.aggregate.id)),
  },
  {
    service: 'compute',
    name: 'GET /os-aggregates (member: refused)',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-aggregates`,
    headers: demo,
    reads: ['forbidden.message'],
  },
  {
    service: 'compute',
    name: 'POST /os-aggregates/{id}/action set_metadata',
    method: 'POST',
    url: (ctx) => `${nova(ctx)}/os-aggregates/${ctx.saved.aggregate}/action`,
    headers: admin('2.41'),
    body: () => ({ set_metadata: { metadata: { ssd: 'true' } } }),
    reads: ['aggregate.metadata'],
  },
  {
    service: 'compute',
    name: 'GET /os-availability-zone/detail (admin)',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-availability-zone/detail`,
    headers: admin(),
    reads: ['availabilityZoneInfo'],
  },
  {
    service: 'compute',
    name: 'DELETE /os-aggregates/{id}',
    method: 'DELETE',
    url: (ctx) => `${nova(ctx)}/os-aggregates/${ctx.saved.aggregate}`,
    headers: admin('2.41'),
    reads: [],
  },
];
