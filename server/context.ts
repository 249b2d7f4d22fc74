import type { CloudAccess } from './openstack/access.js';
import type { BackupClient } from './openstack/backup-client.js';
import type { ConsoleOrigins } from './console-origins.js';

/** What every `/api` route module is given when it is registered. */
export interface BffContext {
  access: CloudAccess;
  /** The backup service's native API (`/api/baas/duratus/`). */
  backup: BackupClient;
  /** The settings `/api/settings/` serves, before the computed ones are added. */
  settings: Record<string, unknown>;
  /** Signs the short-lived image upload tickets of direct upload (derived from the session secret, so every replica checks them). */
  uploadTicketKey: Buffer;
  /** Origins of the console URLs the cloud handed out: the pages' CSP lets them be framed (server/console-origins.ts). */
  consoleOrigins: ConsoleOrigins;
  /** Defaults offered by the login page. */
  login: {
    defaultDomain: string;
    defaultRegion: string | null;
    attemptLimit: number;
    windowMs: number;
  };
}
