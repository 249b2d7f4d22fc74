import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the process answers (`/api` and the emulator's `/cloud`), as registered; HEAD twins left out. */
    routeTable: RouteEntry[];
  }
}

/**
 * Records every route registered after it, with its schema: the input
 * guard reads the same table, and the malformed-request corpus is generated
 * from it so a new route is covered without a test edit.
 */
export const routeTablePlugin = fp(async (app) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, schema: route.schema });
  });
});
