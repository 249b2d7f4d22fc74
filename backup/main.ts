import Fastify from 'fastify';
import { join } from 'node:path';
import { loadConfig } from '../server/config.js';
import { apiGuardPlugin } from '../server/plugins/api-guard.js';
import { addResourceSchemas } from '../server/plugins/schemas.js';
import { backupApi } from './api.js';
import { BackupService } from './service.js';

/**
 * `npm run backup-service`: the backup service alone (its API and scheduler),
 * for several dashboard replicas that reach it with BACKUP_SERVICE_URL. It
 * needs a real cloud (OS_AUTH_URL): the built-in one lives in the dashboard's process.
 */
const config = loadConfig();
if (config.cloud.kind !== 'real') {
  console.error('npm run backup-service needs OS_AUTH_URL (or OS_CLOUD): the built-in cloud runs inside npm start, with its backup service.');
  process.exit(1);
}
const service = new BackupService({
  dataDir: config.dataDir,
  cloud: { authUrl: config.cloud.authUrl, interface: config.cloud.interface, region: config.cloud.defaultRegion ?? null, timeoutMs: config.upstreamTimeoutMs },
  secret: config.sessionSecret,
  timeZone: process.env.BACKUP_TIME_ZONE || 'UTC',
  smtpUrl: process.env.BACKUP_SMTP_URL || null,
  // How often the scheduler looks for due plans (default 15 s): the browser tests wait for a plan's minute at 1 s.
  tickMs: Number(process.env.BACKUP_TICK_MS) > 0 ? Number(process.env.BACKUP_TICK_MS) : undefined,
});
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' }, routerOptions: { ignoreTrailingSlash: true } });
await app.register(apiGuardPlugin);
addResourceSchemas(app, join(import.meta.dirname, '..', 'schemas'));
await app.register(backupApi, { prefix: '/backup/v1', service });
const port = Number(process.env.BACKUP_PORT ?? 8081);
await app.listen({ port, host: config.host });
service.start();
console.log(`Backup service: http://${config.host}:${port}/backup/v1  (data in ${config.dataDir})`);
const stop = async () => {
  await app.close();
  await service.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
