import type { FastifyPluginAsync } from 'fastify';
import { acceptRawBodies, route } from '../core/http.js';
import type { ServiceOptions } from '../core/service.js';
import { cinderFault, volumeErrorHandler } from './faults.js';
import { BackupStore } from './models/backup-store.js';
import { BlobStore } from './models/blobs.js';
import { type ImageSourceFactory, NO_IMAGES } from './models/image-source.js';
import { recoverUploads } from './models/uploads.js';
import { failInterruptedCopies, recoverBackups, settle } from './models/lifecycle.js';
import { createBackup, deleteBackup, listBackups, listBackupsDetail, restoreBackup, showBackup, updateBackup } from './responses/backups.js';
import { authenticate, decorateResponse, negotiate, type VolumeDeps, type VolumeHandler } from './responses/common.js';
import { deleteQuotaSet, showLimits, showQuotaClass, showQuotaDefaults, showQuotaSet, updateQuotaClass, updateQuotaSet } from './responses/quotas.js';
import {
  associateQosRoute,
  createQos,
  deleteQos,
  deleteQosKeysRoute,
  disassociateAllQos,
  disassociateQosRoute,
  listQosAssociations,
  updateQos,
  listAvailabilityZones,
  listExtensions,
  listQos,
  listServices,
  listTransfers,
  listVersions,
  showVersions,
  showQos,
} from './responses/service-info.js';
import {
  createSnapshot,
  deleteSnapshot,
  deleteSnapshotMetadataKey,
  listSnapshots,
  listSnapshotsDetail,
  setSnapshotMetadata,
  showSnapshot,
  showSnapshotMetadata,
  updateSnapshot,
} from './responses/snapshots.js';
import { createExtraSpecs, createType, deleteExtraSpecKey, deleteType, listExtraSpecs, listTypes, showType, updateType } from './responses/types.js';
import {
  createVolume,
  deleteVolume,
  deleteVolumeMetadataKey,
  listVolumes,
  listVolumesDetail,
  volumeSummary,
  setVolumeMetadata,
  showVolume,
  showVolumeMetadata,
  updateVolume,
  volumeAction,
} from './responses/volumes.js';

type Route = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, handler: VolumeHandler];

/** Cinder v3 under /cloud/volume/v3/{project_id}: method + path → response function. */
const API: Route[] = [
  ['GET', '/volumes', listVolumes],
  ['GET', '/volumes/detail', listVolumesDetail],
  ['GET', '/volumes/summary', volumeSummary],
  ['POST', '/volumes', createVolume],
  ['GET', '/volumes/:id', showVolume],
  ['PUT', '/volumes/:id', updateVolume],
  ['DELETE', '/volumes/:id', deleteVolume],
  ['POST', '/volumes/:id/action', volumeAction],
  ['GET', '/volumes/:id/metadata', showVolumeMetadata],
  ['POST', '/volumes/:id/metadata', setVolumeMetadata(false)],
  ['PUT', '/volumes/:id/metadata', setVolumeMetadata(true)],
  ['DELETE', '/volumes/:id/metadata/:key', deleteVolumeMetadataKey],
  ['GET', '/snapshots', listSnapshots],
  ['GET', '/snapshots/detail', listSnapshotsDetail],
  ['POST', '/snapshots', createSnapshot],
  ['GET', '/snapshots/:id', showSnapshot],
  ['PUT', '/snapshots/:id', updateSnapshot],
  ['DELETE', '/snapshots/:id', deleteSnapshot],
  ['GET', '/snapshots/:id/metadata', showSnapshotMetadata],
  ['POST', '/snapshots/:id/metadata', setSnapshotMetadata(false)],
  ['PUT', '/snapshots/:id/metadata', setSnapshotMetadata(true)],
  ['DELETE', '/snapshots/:id/metadata/:key', deleteSnapshotMetadataKey],
  ['GET', '/backups', listBackups],
  ['GET', '/backups/detail', listBackupsDetail],
  ['POST', '/backups', createBackup],
  ['GET', '/backups/:id', showBackup],
  ['PUT', '/backups/:id', updateBackup],
  ['DELETE', '/backups/:id', deleteBackup],
  ['POST', '/backups/:id/restore', restoreBackup],
  ['GET', '/types', listTypes],
  ['POST', '/types', createType],
  ['GET', '/types/:id', showType],
  ['PUT', '/types/:id', updateType],
  ['DELETE', '/types/:id', deleteType],
  ['GET', '/types/:id/extra_specs', listExtraSpecs],
  ['POST', '/types/:id/extra_specs', createExtraSpecs],
  ['DELETE', '/types/:id/extra_specs/:key', deleteExtraSpecKey],
  ['GET', '/limits', showLimits],
  ['GET', '/os-quota-sets/:target', showQuotaSet],
  ['PUT', '/os-quota-sets/:target', updateQuotaSet],
  ['DELETE', '/os-quota-sets/:target', deleteQuotaSet],
  ['GET', '/os-quota-sets/:target/defaults', showQuotaDefaults],
  ['GET', '/os-quota-class-sets/:class', showQuotaClass],
  ['PUT', '/os-quota-class-sets/:class', updateQuotaClass],
  ['GET', '/os-availability-zone', listAvailabilityZones],
  ['GET', '/extensions', listExtensions],
  ['GET', '/os-services', listServices],
  ['GET', '/qos-specs', listQos],
  ['POST', '/qos-specs', createQos],
  ['GET', '/qos-specs/:id', showQos],
  ['DELETE', '/qos-specs/:id', deleteQos],
  ['PUT', '/qos-specs/:id', updateQos],
  ['PUT', '/qos-specs/:id/delete_keys', deleteQosKeysRoute],
  ['GET', '/qos-specs/:id/associations', listQosAssociations],
  ['GET', '/qos-specs/:id/associate', associateQosRoute],
  ['GET', '/qos-specs/:id/disassociate', disassociateQosRoute],
  ['GET', '/qos-specs/:id/disassociate_all', disassociateAllQos],
  ['GET', '/os-volume-transfer', listTransfers],
  ['GET', '/os-volume-transfer/detail', listTransfers],
];

export interface VolumeServiceOptions {
  /** Where images come from (the image service); without it no image is found. */
  images?: ImageSourceFactory;
  /** How long creating, extending and deleting last on the emulator's clock (ms). */
  transitionMs: number;
}

export function volumeRoutes(options: VolumeServiceOptions): FastifyPluginAsync<ServiceOptions> {
  return async (app, { deps: cloud }) => {
    const deps: VolumeDeps = {
      ...cloud,
      blobs: BlobStore.beside(cloud.db),
      backups: BackupStore.beside(cloud.db),
      images: options.images?.(cloud) ?? NO_IMAGES,
      transitionMs: options.transitionMs,
    };
    failInterruptedCopies(deps.db, deps.blobs);
    recoverUploads(deps.db, deps.clock.now());
    recoverBackups(deps.db, deps.clock.now(), deps.blobs);
    acceptRawBodies(app);
    app.setErrorHandler(volumeErrorHandler(deps));
    app.setNotFoundHandler((_request, reply) =>
      reply
        .code(404)
        .header('Content-Type', 'application/json')
        .send(JSON.stringify(cinderFault(404, 'The resource could not be found.'))),
    );
    app.addHook('onRequest', negotiate);
    app.addHook('onSend', decorateResponse);
    route(app, 'GET', '/', listVersions(deps));
    route(app, 'GET', '/v3', showVersions(deps));
    await app.register(
      async (api) => {
        api.addHook('preHandler', authenticate(deps));
        api.addHook('preHandler', async () => settle(deps.db, deps.clock.now(), deps.blobs));
        for (const [method, path, handler] of API) route(api, method, path, handler(deps));
      },
      { prefix: '/v3/:project_id' },
    );
  };
}
