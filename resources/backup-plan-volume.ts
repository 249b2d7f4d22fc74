import schema from '../schemas/backup-plan.schema.json';
import { defineResource } from '../src/descriptor';
import type { BackupPlanVolumeEntity } from '../shared/generated';

/**
 * The volume table of a plan's details page (spec 3 §2.5, §3.3): name
 * (linked to the volume's page; 'Not Found' when Cinder no longer has it),
 * description cut at 50 characters, size and status.
 */
export default defineResource<BackupPlanVolumeEntity>({
  name: 'backup-plan-volume',
  type: 'OS::Duratus::Volume',
  service: 'baas',
  serviceType: 'volumev3',
  schema,
  entity: 'volumeEntity',
  nameField: 'name',
  labels: { singular: 'Volume', plural: 'Volumes' },
  columns: [{ field: 'name', defaultSort: 'asc', link: { to: '/project/volumes/{id}' } }, { field: 'description_short' }, { field: 'size' }, { field: 'status' }],
  texts: { listError: 'Unable to load volumes for job.' },
});
