import { imageId } from './lookup.js';
import { CallFailure, pick, physicalName, ResourceInError, type ResourceContext, type ResourceType, updatable } from './types.js';

/** OS::Cinder::Volume and OS::Cinder::VolumeAttachment. */

async function showVolume(context: ResourceContext, id: string): Promise<Record<string, unknown> | null> {
  const answer = (await context.cloud.find('volumev3', `/volumes/${id}`)) as { volume: Record<string, unknown> } | null;
  return answer?.volume ?? null;
}

async function volumeInStatus(context: ResourceContext, id: string, wanted: string): Promise<boolean> {
  const found = await showVolume(context, id);
  if (!found) throw new ResourceInError('The volume was deleted');
  if (String(found.status).startsWith('error')) throw new ResourceInError(`Went to status ${String(found.status)} due to "Unknown"`);
  return found.status === wanted;
}

const volume: ResourceType = {
  properties: { size: {}, name: {}, description: {}, image: {}, volume_type: {}, availability_zone: {}, metadata: {}, snapshot_id: {}, source_volid: {}, backup_id: {}, multiattach: {}, read_only: {} },
  async create(context, values) {
    const answer = (await context.cloud.call('volumev3', 'POST', '/volumes', {
      volume: {
        name: values.name ?? physicalName(context),
        ...pick(values, ['size', 'description', 'volume_type', 'availability_zone', 'metadata', 'snapshot_id', 'source_volid']),
        ...(values.image ? { imageRef: await imageId(context.cloud, values.image) } : {}),
      },
    })) as { volume: { id: string } };
    return { physicalId: answer.volume.id };
  },
  ready: (context, id) => volumeInStatus(context, id, 'available'),
  async remove(context, id) {
    try {
      await context.cloud.call('volumev3', 'DELETE', `/volumes/${id}`);
    } catch (error) {
      if (!(error instanceof CallFailure && error.status === 404)) throw error;
    }
  },
  gone: async (context, id) => (await showVolume(context, id)) === null,
  async attributes(context, id) {
    const found = await showVolume(context, id);
    return found ? { ...found, display_name: found.name, display_description: found.description } : null;
  },
};

/** The physical id is Nova's attachment id (the volume's id); done when the volume is in-use, undone when it is available. */
const attachment: ResourceType = {
  properties: { instance_uuid: { required: true }, volume_id: { required: true }, mountpoint: {} },
  async create(context, values) {
    const answer = (await context.cloud.call('compute', 'POST', `/servers/${String(values.instance_uuid)}/os-volume_attachments`, {
      volumeAttachment: { volumeId: values.volume_id, ...(values.mountpoint ? { device: values.mountpoint } : {}) },
    })) as { volumeAttachment: { id: string } };
    return { physicalId: answer.volumeAttachment.id, data: { server: values.instance_uuid, volume: values.volume_id } };
  },
  ready: (context, _id, data) => volumeInStatus(context, String(data.volume), 'in-use'),
  async remove(context, _id, data) {
    try {
      await context.cloud.call('compute', 'DELETE', `/servers/${String(data.server)}/os-volume_attachments/${String(data.volume)}`);
    } catch (error) {
      if (!(error instanceof CallFailure && (error.status === 404 || error.status === 400))) throw error;
    }
  },
  async gone(context, _id, data) {
    const found = await showVolume(context, String(data.volume));
    return !found || found.status !== 'in-use' && found.status !== 'detaching';
  },
  attributes: async (context, _id, data) => ((await showVolume(context, String(data.volume))) ? {} : null),
};

/** A volume's name, description and metadata change in place (Heat's update_allowed; a new size or type would extend or retype, not done here, so they replace). */
const updatableVolume = updatable(volume, ['name', 'description', 'metadata'], async (context, id, changes) => {
  await context.cloud.call('volumev3', 'PUT', `/volumes/${id}`, { volume: pick(changes, ['name', 'description', 'metadata']) });
});

export const CINDER_TYPES: Record<string, ResourceType> = { 'OS::Cinder::Volume': updatableVolume, 'OS::Cinder::VolumeAttachment': attachment };
