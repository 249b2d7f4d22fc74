import type { Handler } from '../../core/service.js';
import { cloudUrl } from '../../core/service.js';

/** The v2 minor versions Zed's Glance lists (glance/api/versions.py); v2.15 is CURRENT. */
const VERSIONS = ['2.15', '2.13', '2.12', '2.11', '2.10', '2.9', '2.8', '2.7', '2.6', '2.5', '2.4', '2.3', '2.2', '2.1', '2.0'];

/** `GET /`: 300 Multiple Choices with every version, as Glance answers. */
export const listVersions: Handler = (deps) => async (_request, reply) => {
  const href = `${cloudUrl(deps, '/image')}/v2/`;
  reply.code(300);
  return { versions: VERSIONS.map((id, index) => ({ id: `v${id}`, status: index === 0 ? 'CURRENT' : 'SUPPORTED', links: [{ rel: 'self', href }] })) };
};
