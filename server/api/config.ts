import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../context.js';
import { ApiError } from '../errors.js';
import { endpointCache } from '../openstack/endpoint-cache.js';
import { isAllowed } from '../policy/enforce.js';
import { IMAGE_FORMATS, SERVER_ONLY_SETTINGS } from '../settings.js';
import type { SessionPolicyCheck } from '../../shared/generated/session.js';

/** `/api/settings/`, `/api/timezones/`, `/api/policy/` (api-contract §2) and `header/` (§12). */
export const configRoutes: FastifyPluginAsync<BffContext> = async (app, { access, settings }) => {
  // Settings only the server reads (CREATE_INSTANCE_FLAVOR_SORT) are not served, as in Horizon.
  const served = Object.fromEntries(Object.entries(settings).filter(([key]) => !(key in SERVER_ONLY_SETTINGS)));
  // Glance's schema is the same for every user of an endpoint: read once a minute, not on every page.
  const formatsCache = endpointCache<string[]>(60_000);
  app.get('/api/settings/', async (request) => {
    const client = await access.client(request);
    const readFormats = async () => formatsOf((await client.request<ImageSchema>('image', 'GET', '/v2/schemas/image')).body);
    // No image service, or a schema that cannot be read: every format, as Horizon lists them.
    const formats = await Promise.resolve()
      .then(() => formatsCache(client.endpoint('image'), readFormats))
      .catch(() => IMAGE_FORMATS);
    return { ...served, OPENSTACK_IMAGE_FORMATS: formats };
  });

  app.get('/api/timezones/', async (_request, reply) => {
    reply.header('Cache-Control', 'private, max-age=3600');
    return { timezone_dict: timezoneDict(new Date()) };
  });

  // Not under /api, so the guard does not check the session: the header is for logged-in pages only.
  app.get('/header/', async (request, reply) => {
    if (!request.session) throw new ApiError(401, 'not logged in');
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(String(settings.EXTENSIBLE_HEADER_HTML ?? ''));
  });

  // `checks` (not in the contract): a page's checks in one call, `{ allowed: [...] }` in their order.
  app.post<{ Body: SessionPolicyCheck }>('/api/policy/', { schema: { body: { $ref: 'session.schema.json#/$defs/policyCheck' } } }, async (request) => {
    // The rules are ANDed; a scope with no rule table counts as allowed (api-contract §2).
    const decide = ({ rules, target }: { rules?: unknown; target?: object }) => {
      if (!isRulePairs(rules)) throw new ApiError(400, 'unexpected parameter format');
      return rules.every(([scope, action]) => isAllowed(request, scope, action, (target ?? {}) as Record<string, unknown>));
    };
    const { checks } = request.body;
    if (checks === undefined) return { allowed: decide(request.body) };
    return { allowed: checks.map(decide) };
  });
};

type ImageSchema = { properties?: { disk_format?: { enum?: (string | null)[] } } };

/** Horizon's formats, kept only where Glance's schema lists them (all when it lists none); with no schema, all of them. */
function formatsOf(schema: ImageSchema): string[] {
  const allowed = schema.properties?.disk_format?.enum;
  return allowed ? IMAGE_FORMATS.filter((format) => allowed.includes(format)) : IMAGE_FORMATS;
}

function isRulePairs(value: unknown): value is [string, string][] {
  return (
    Array.isArray(value) &&
    value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'))
  );
}

/** Every IANA zone with its offset now, so daylight saving time is followed. */
/**
 * A zone's offset changes only at its transitions, and those fall on quarter
 * hours in UTC (local whole or half hours, offsets in quarter hours): the
 * dict is the same for a whole quarter hour, so it is computed once per
 * quarter, not on every page that shows a date. Computing it formats 418
 * zones, about 100 ms of the server's one thread on a loaded machine, which
 * the calls of the same page (a folder's listing) waited behind.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
let zonesOfQuarter: { quarter: number; dict: Record<string, string> } | undefined;

export function timezoneDict(at: Date): Record<string, string> {
  const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  if (zonesOfQuarter?.quarter !== quarter) zonesOfQuarter = { quarter, dict: timezoneOffsets(at) };
  return zonesOfQuarter.dict;
}

function timezoneOffsets(at: Date): Record<string, string> {
  const zones = (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  const result: Record<string, string> = { UTC: '+0000' }; // Intl leaves UTC out; Horizon's list has it
  for (const zone of zones) result[zone] = offsetOf(zone, at);
  return result;
}

function offsetOf(zone: string, at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return match ? `${match[1]}${match[2]}${match[3]}` : '+0000';
}
