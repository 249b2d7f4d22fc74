import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { sendJsonWithInfinity } from '../../json.js';

/** `/api/nova/limits/` (api-contract §6, §1.8). */
export const limitRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // Unlimited (-1) becomes Infinity, written 1e+999; negative usage is clamped to 0 (api-contract §1.8).
  app.get<{ Querystring: { reserved?: string } }>('/api/nova/limits/', async (request, reply) => {
    const client = await access.client(request);
    const response = await client.request<{ limits: { absolute: Record<string, number> } }>('compute', 'GET', '/limits', {
      query: { reserved: request.query.reserved === 'true' ? 1 : undefined },
    });
    const limits: Record<string, number> = {};
    for (const [key, value] of Object.entries(response.body.limits.absolute)) {
      if (value === -1 && key.startsWith('max')) limits[key] = Infinity;
      else limits[key] = key.startsWith('total') ? Math.max(0, value) : value;
    }
    return sendJsonWithInfinity(reply, limits);
  });
};
