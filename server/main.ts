import { backupClock } from '../backup/clock.js';
import { openEmulator } from '../emulator/app.js';
import { build } from './app.js';
import { loadConfig } from './config.js';
import { serveInProcess } from './openstack/http.js';
import { routeInProcess } from './openstack/in-process.js';

/**
 * `npm start`: the dashboard, and the built-in cloud unless OS_AUTH_URL or
 * OS_CLOUD points at a real one.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const listenHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let baseUrl = config.publicUrl ?? `http://${listenHost}:${config.port}`;

  const emulator =
    config.cloud.kind === 'emulator'
      ? openEmulator({
          dataDir: config.dataDir,
          publicUrl: () => baseUrl,
          adminPassword: config.adminPassword,
          demoPassword: config.demoPassword,
        })
      : null;

  const app = await build({
    authUrl: config.cloud.kind === 'real' ? config.cloud.authUrl : () => `${baseUrl}/cloud/identity/v3`,
    sessionSecret: config.sessionSecret,
    interface: config.cloud.kind === 'real' ? config.cloud.interface : 'public',
    defaultDomain: (config.cloud.kind === 'real' && config.cloud.defaultDomain) || 'Default',
    defaultRegion: config.cloud.kind === 'real' ? (config.cloud.defaultRegion ?? null) : 'RegionOne',
    settingsOverrides: config.settingsOverrides,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    upstreamDownMs: config.upstreamDownMs,
    trustProxy: config.trustProxy,
    loginAttemptLimit: config.loginAttemptLimit,
    loginWindowMs: config.loginWindowMs,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    backup: {
      dataDir: config.dataDir,
      url: process.env.BACKUP_SERVICE_URL || undefined,
      timeZone: process.env.BACKUP_TIME_ZONE || 'UTC',
      smtpUrl: process.env.BACKUP_SMTP_URL || null,
      // How often the scheduler looks for due plans (default 15 s): the browser tests wait for a plan's minute at 1 s.
      tickMs: Number(process.env.BACKUP_TICK_MS) > 0 ? Number(process.env.BACKUP_TICK_MS) : undefined,
      now: backupClock(process.env.BACKUP_CLOCK_FILE || undefined),
      // How often a task looks again at the Cinder backup or volume it waits for (default 2 s).
      pollMs: Number(process.env.BACKUP_POLL_MS) > 0 ? Number(process.env.BACKUP_POLL_MS) : undefined,
      start: false, // started below, once the cloud's address is known
    },
    mount: emulator
      ? async (server) => {
          await server.register(emulator.plugin, { prefix: '/cloud' });
          await server.register(emulator.hostPlugin);
        }
      : undefined,
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (!config.publicUrl && address && typeof address === 'object') baseUrl = `http://${listenHost}:${address.port}`;

  // The built-in cloud answers this server's own calls in process (its catalog URLs start here).
  if (emulator) serveInProcess(`${baseUrl}/cloud/`, routeInProcess(app));
  app.backupService?.start();

  const lines = [`Cloud dashboard: ${baseUrl}/`];
  if (emulator) {
    lines.push(
      `Built-in cloud (emulator): ${baseUrl}/cloud/identity/v3  (data in ${config.dataDir})`,
      'Log in (domain Default, region RegionOne):',
      `  admin / ${emulator.credentials.admin}   (cloud administrator, project admin)`,
      `  demo  / ${emulator.credentials.demo}   (member of project demo)`,
    );
  } else if (config.cloud.kind === 'real') {
    lines.push(`Cloud: ${config.cloud.authUrl}`);
  }
  console.log(lines.join('\n'));

  const shutdown = async () => {
    await app.close();
    emulator?.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
