import { BadRequest } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import { cloudUrl } from '../../core/service.js';
import { CINDER_EXTENSIONS } from '../extensions.js';
import { associateQos, createQosSpec, deleteQosKeys, deleteQosSpec, disassociateQos, getQosSpec, listQosSpecs, qosAssociations, type QosSpec, updateQosSpec } from '../models/qos.js';
import { AVAILABILITY_ZONE } from '../models/volumes.js';
import { enforce } from '../policy.js';
import { CINDER_MICROVERSIONS } from '../versions.js';
import { cinderTime, contextOf, paramOf, queryStrings, truthy, type VolumeDeps, type VolumeHandler } from './common.js';
import { VOLUME_HOST } from './volumes.js';

/** Discovery and the small read-mostly collections: versions, extensions, zones, services, QoS specs, transfers. */

function versionsDocument(deps: VolumeDeps) {
  return {
    versions: [
      {
        id: 'v3.0',
        status: 'CURRENT',
        version: CINDER_MICROVERSIONS.max,
        min_version: CINDER_MICROVERSIONS.min,
        updated: '2022-08-31T00:00:00Z',
        links: [
          {
            rel: 'describedby',
            type: 'text/html',
            href: 'https://docs.openstack.org/',
          },
          { rel: 'self', href: `${cloudUrl(deps, '/volume/v3')}/` },
        ],
        'media-types': [
          {
            base: 'application/json',
            type: 'application/vnd.openstack.volume+json;version=3',
          },
        ],
      },
    ],
  };
}

/** `GET /`: the version list, answered 300 Multiple Choices as Cinder does. */
export const listVersions: VolumeHandler = (deps) => async (_request, reply) => reply.code(300).send(versionsDocument(deps));

/** `GET /v3/`: the same list, 200. */
export const showVersions: VolumeHandler = (deps) => async () => versionsDocument(deps);

export const listExtensions: VolumeHandler = () => async () => ({
  extensions: CINDER_EXTENSIONS,
});

export const listAvailabilityZones: VolumeHandler = () => async () => ({
  availabilityZoneInfo: [{ zoneName: AVAILABILITY_ZONE, zoneState: { available: true } }],
});

/** `GET /os-services` (admin): the emulator's scheduler, its one volume backend and its backup service, up as long as it answers. */
export const listServices: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:services:index', contextOf(request));
  const now = cinderTime(deps.clock.now() - (deps.clock.now() % 1000));
  const query = queryStrings(request);
  const services = [
    {
      binary: 'cinder-scheduler',
      host: VOLUME_HOST.split('@')[0],
      zone: AVAILABILITY_ZONE,
      status: 'enabled',
      state: 'up',
      updated_at: now,
      disabled_reason: null,
    },
    {
      binary: 'cinder-volume',
      host: VOLUME_HOST,
      zone: AVAILABILITY_ZONE,
      status: 'enabled',
      state: 'up',
      updated_at: now,
      disabled_reason: null,
      replication_status: 'disabled',
      active_backend_id: null,
      frozen: false,
    },
    {
      binary: 'cinder-backup',
      host: VOLUME_HOST.split('@')[0],
      zone: AVAILABILITY_ZONE,
      status: 'enabled',
      state: 'up',
      updated_at: now,
      disabled_reason: null,
    },
  ];
  return {
    services: services.filter((service) => (!query.binary || service.binary === query.binary) && (!query.host || service.host === query.host)),
  };
};

function renderQos(spec: QosSpec) {
  return {
    specs: spec.specs,
    consumer: spec.consumer,
    name: spec.name,
    id: spec.id,
  };
}

export const listQos: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:qos_specs_manage:get_all', contextOf(request));
  return { qos_specs: listQosSpecs(deps.db).map(renderQos) };
};

export const showQos: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:qos_specs_manage:get', contextOf(request));
  return { qos_specs: renderQos(getQosSpec(deps.db, paramOf(request, 'id'))) };
};

/** `POST /qos-specs {qos_specs: {name, consumer?, <key>: <value>…}}` (admin). */
export const createQos: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:qos_specs_manage:create', contextOf(request));
  const body = jsonBody(request) as { qos_specs?: Record<string, unknown> };
  const input = body && typeof body === 'object' ? body.qos_specs : undefined;
  if (!input || typeof input !== 'object') throw new BadRequest("Missing required element 'qos_specs' in request body.");
  const { name, consumer, ...rest } = input;
  if (typeof name !== 'string' || !name.trim()) throw new BadRequest('Please specify a name for QoS specs.');
  const specs: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value !== 'string') throw new BadRequest(`Invalid input received: Value of ${key} must be a string.`);
    specs[key] = value;
  }
  const spec = createQosSpec(deps.db, deps.clock.now(), {
    name: name.trim(),
    consumer: typeof consumer === 'string' ? consumer : undefined,
    specs,
  });
  return { qos_specs: renderQos(spec), links: [] };
};

export const deleteQos: VolumeHandler = (deps) => async (request, reply) => {
  enforce('volume_extension:qos_specs_manage:delete', contextOf(request));
  deleteQosSpec(deps.db, paramOf(request, 'id'), truthy(queryStrings(request).force));
  return reply.code(202).send();
};

/** `PUT /qos-specs/{id} {qos_specs: {<key>: <value>…}}`: adds or replaces keys; answers the keys it was given. */
export const updateQos: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:qos_specs_manage:update', contextOf(request));
  const body = jsonBody(request) as { qos_specs?: Record<string, unknown> };
  const input = body && typeof body === 'object' ? body.qos_specs : undefined;
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new BadRequest("Missing required element 'qos_specs' in request body.");
  const changes: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value !== 'string') throw new BadRequest(`Invalid input received: Value of ${key} must be a string.`);
    changes[key] = value;
  }
  return { qos_specs: updateQosSpec(deps.db, paramOf(request, 'id'), changes) };
};

/** `PUT /qos-specs/{id}/delete_keys {keys: […]}`. */
export const deleteQosKeysRoute: VolumeHandler = (deps) => async (request, reply) => {
  enforce('volume_extension:qos_specs_manage:update', contextOf(request));
  const body = jsonBody(request) as { keys?: unknown };
  const keys = body && typeof body === 'object' ? body.keys : undefined;
  if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string')) throw new BadRequest("Missing required element 'keys' in request body.");
  deleteQosKeys(deps.db, paramOf(request, 'id'), keys as string[]);
  return reply.code(202).send();
};

export const listQosAssociations: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:qos_specs_manage:get_all', contextOf(request));
  return {
    qos_associations: qosAssociations(deps.db, paramOf(request, 'id')).map((type) => ({ association_type: 'volume_type', name: type.name, id: type.id })),
  };
};

function volumeTypeParam(request: Parameters<ReturnType<VolumeHandler>>[0]): string {
  const typeId = queryStrings(request).vol_type_id;
  if (!typeId) throw new BadRequest('Volume Type id must not be None.');
  return typeId;
}

/** `GET /qos-specs/{id}/associate?vol_type_id=` (a GET that changes state, as Cinder has it). */
export const associateQosRoute: VolumeHandler = (deps) => async (request, reply) => {
  enforce('volume_extension:qos_specs_manage:update', contextOf(request));
  associateQos(deps.db, paramOf(request, 'id'), volumeTypeParam(request));
  return reply.code(202).send();
};

export const disassociateQosRoute: VolumeHandler = (deps) => async (request, reply) => {
  enforce('volume_extension:qos_specs_manage:update', contextOf(request));
  disassociateQos(deps.db, paramOf(request, 'id'), volumeTypeParam(request));
  return reply.code(202).send();
};

export const disassociateAllQos: VolumeHandler = (deps) => async (request, reply) => {
  enforce('volume_extension:qos_specs_manage:update', contextOf(request));
  disassociateQos(deps.db, paramOf(request, 'id'));
  return reply.code(202).send();
};

/** Volume transfers are not emulated: no transfer can exist, so the lists are empty. */
export const listTransfers: VolumeHandler = () => async () => ({
  transfers: [],
});
