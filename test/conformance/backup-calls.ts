import type { ConformanceContext, NativeCall } from './calls.js';
import { type Reading, settle } from './settle.js';

/**
 * The native calls of the backup service (backup/cloud.ts), in the order a
 * plan's life makes them: an application credential when the plan is saved,
 * a token from it, a volume's full backup, its status and the lookup by name
 * the cleanup uses, a restore into a new volume, the quota read, then the
 * deletes and the credential's revocation.
 */

const cinder = (ctx: ConformanceContext) => ctx.endpoint('volumev3');
const demo = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.demoToken, 'OpenStack-API-Version': 'volume 3.0' });

/** Polls a Cinder path until `done` (backups and volumes take a moment on both clouds). */
const until = (path: (ctx: ConformanceContext) => string, done: (reading: Reading) => boolean) => async (ctx: ConformanceContext) => {
  await settle(`${cinder(ctx)}${path(ctx)}`, ctx.demoToken, done, demo(ctx));
};
const settled = (key: 'volume' | 'backup') => ({ status, body }: Reading) => status !== 200 || !['creating', 'deleting', 'restoring', 'restoring-backup'].includes(body[key].status);

const BACKUP_FIELDS = ['backup.id', 'backup.name', 'backup.status', 'backup.size', 'backup.volume_id', 'backup.is_incremental', 'backup.has_dependent_backups', 'backup.fail_reason'];

export const BACKUP_SERVICE_CALLS: NativeCall[] = [
  {
    service: 'identity',
    name: 'POST /v3/users/{id}/application_credentials',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/users/${ctx.demoUserId}/application_credentials`,
    headers: (ctx) => ({ 'X-Auth-Token': ctx.demoToken }),
    body: (ctx) => ({ application_credential: { name: ctx.unique('conf-backup-plan'), description: 'Runs backup plans of the dashboard when nobody is logged in.' } }),
    reads: ['application_credential.id', 'application_credential.secret'],
    after: (ctx, body) => {
      ctx.saved.appCredential = body.application_credential.id;
      ctx.saved.appSecret = body.application_credential.secret;
    },
  },
  {
    service: 'identity',
    name: 'POST /v3/auth/tokens (application_credential)',
    method: 'POST',
    url: (ctx) => `${ctx.identity}/auth/tokens`,
    body: (ctx) => ({ auth: { identity: { methods: ['application_credential'], application_credential: { id: ctx.saved.appCredential, secret: ctx.saved.appSecret } } } }),
    reads: ['token.project.id', 'token.user.id', 'token.catalog[].type'],
    readsHeaders: ['x-subject-token'],
  },
  {
    service: 'volume',
    name: 'POST /volumes (to back up)',
    method: 'POST',
    url: (ctx) => `${cinder(ctx)}/volumes`,
    headers: demo,
    body: (ctx) => ({ volume: { size: 1, name: ctx.unique('conf-backup-source') } }),
    reads: ['volume.id'],
    after: (ctx, body) => (ctx.saved.backupSource = body.volume.id),
  },
  {
    service: 'volume',
    name: 'POST /backups (full, force)',
    method: 'POST',
    url: (ctx) => `${cinder(ctx)}/backups`,
    headers: demo,
    before: until((ctx) => `/volumes/${ctx.saved.backupSource}`, settled('volume')),
    body: (ctx) => ({ backup: { volume_id: ctx.saved.backupSource, name: (ctx.saved.backupName = ctx.unique('duratus-conf')), description: 'Backup plan conformance', incremental: false, force: true } }),
    // Without cinder-backup each accepted backup stays in `error`, and Cinder cannot delete it (500): ten runs fill the
    // project's backup quota, and the create is refused 413 from then on. That refusal is the absence, not a difference.
    needs: 'cinder-backup',
    reads: ['backup.id'],
    after: (ctx, body) => (ctx.saved.backup = body.backup.id),
  },
  {
    service: 'volume',
    name: 'GET /backups/{id}',
    method: 'GET',
    url: (ctx) => `${cinder(ctx)}/backups/${ctx.saved.backup}`,
    headers: demo,
    before: until((ctx) => `/backups/${ctx.saved.backup}`, settled('backup')),
    needs: 'cinder-backup', // none to read when the create was refused (above)
    reads: BACKUP_FIELDS,
    nullable: ['backup.fail_reason'],
  },
  {
    service: 'volume',
    name: 'GET /backups/detail?name= (the cleanup finds an orphan by name)',
    method: 'GET',
    url: (ctx) => `${cinder(ctx)}/backups/detail?name=${encodeURIComponent(ctx.saved.backupName)}`,
    headers: demo,
    reads: ['backups[].id', 'backups[].name', 'backups[].status'],
  },
  {
    service: 'volume',
    name: 'POST /volumes (restore target)',
    method: 'POST',
    url: (ctx) => `${cinder(ctx)}/volumes`,
    headers: demo,
    body: (ctx) => ({ volume: { size: 1, name: ctx.unique('conf-restored'), description: 'restored' } }),
    reads: ['volume.id'],
    after: (ctx, body) => (ctx.saved.restoreTarget = body.volume.id),
  },
  {
    service: 'volume',
    name: 'POST /backups/{id}/restore (into a volume)',
    method: 'POST',
    url: (ctx) => `${cinder(ctx)}/backups/${ctx.saved.backup}/restore`,
    headers: demo,
    before: until((ctx) => `/volumes/${ctx.saved.restoreTarget}`, settled('volume')),
    body: (ctx) => ({ restore: { volume_id: ctx.saved.restoreTarget } }),
    needs: 'cinder-backup',
    reads: ['restore.volume_id'],
  },
  {
    service: 'volume',
    name: 'GET /os-quota-sets/{project}?usage=true',
    method: 'GET',
    url: (ctx) => `${cinder(ctx)}/os-quota-sets/${ctx.demoProjectId}?usage=true`,
    headers: demo,
    reads: ['quota_set.gigabytes.limit', 'quota_set.gigabytes.in_use'],
  },
  {
    service: 'volume',
    name: 'DELETE /backups/{id}',
    method: 'DELETE',
    url: (ctx) => `${cinder(ctx)}/backups/${ctx.saved.backup}`,
    headers: demo,
    before: until((ctx) => `/backups/${ctx.saved.backup}`, settled('backup')),
    needs: 'cinder-backup',
    reads: [],
  },
  {
    service: 'volume',
    name: 'DELETE /volumes/{id} (restore target)',
    method: 'DELETE',
    url: (ctx) => `${cinder(ctx)}/volumes/${ctx.saved.restoreTarget}`,
    headers: demo,
    before: until((ctx) => `/volumes/${ctx.saved.restoreTarget}`, settled('volume')),
    reads: [],
  },
  {
    service: 'volume',
    name: 'DELETE /volumes/{id} (backed up)',
    method: 'DELETE',
    url: (ctx) => `${cinder(ctx)}/volumes/${ctx.saved.backupSource}`,
    headers: demo,
    before: until((ctx) => `/backups/${ctx.saved.backup}`, ({ status }) => status === 404),
    reads: [],
  },
  {
    service: 'identity',
    name: 'DELETE /v3/users/{id}/application_credentials/{id}',
    method: 'DELETE',
    url: (ctx) => `${ctx.identity}/users/${ctx.demoUserId}/application_credentials/${ctx.saved.appCredential}`,
    headers: (ctx) => ({ 'X-Auth-Token': ctx.demoToken }),
    reads: [],
  },
];
