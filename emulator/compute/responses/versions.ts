import { cloudUrl, type Handler } from '../../core/service.js';
import { NOVA_MICROVERSIONS } from '../versions.js';

/** Nova's version discovery: `GET /` lists versions, `GET /v2.1` describes one. */

function v21() {
  return {
    id: 'v2.1',
    status: 'CURRENT',
    version: NOVA_MICROVERSIONS.max,
    min_version: NOVA_MICROVERSIONS.min,
    updated: '2013-07-23T11:33:21Z',
  };
}

export const listVersions: Handler = (deps) => async () => ({
  versions: [{ ...v21(), links: [{ rel: 'self', href: `${cloudUrl(deps, '/compute/v2.1')}/` }] }],
});

export const showVersion: Handler = (deps) => async () => ({
  version: {
    ...v21(),
    links: [
      { rel: 'self', href: `${cloudUrl(deps, '/compute/v2.1')}/` },
      { rel: 'describedby', type: 'text/html', href: 'http://docs.openstack.org/' },
    ],
    'media-types': [{ base: 'application/json', type: 'application/vnd.openstack.compute+json;version=2.1' }],
  },
});
