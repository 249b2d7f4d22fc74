import type { Handler } from '../../core/service.js';
import { v3Url } from './common.js';

/** Keystone's version discovery documents (what keystoneauth reads first). */

function v3Version(deps: Parameters<Handler>[0]) {
  return {
    id: 'v3.14',
    status: 'stable',
    updated: '2020-04-07T00:00:00Z',
    links: [{ rel: 'self', href: `${v3Url(deps)}/` }],
    'media-types': [{ base: 'application/json', type: 'application/vnd.openstack.identity-v3+json' }],
  };
}

/** `GET /`: 300 Multiple Choices with `versions.values`, like real Keystone. */
export const listVersions: Handler = (deps) => async (_request, reply) => {
  reply.code(300).header('Location', `${v3Url(deps)}/`);
  return { versions: { values: [v3Version(deps)] } };
};

/** `GET /v3` */
export const showVersion: Handler = (deps) => async () => ({ version: v3Version(deps) });
