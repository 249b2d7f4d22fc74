import type { Backend, ServiceName } from '../src/backend/contract';
import { combineDataProviders, type DataProvider } from 'ra-core';
import { createAuthApi } from './auth';
import { createCinderProvider } from './cinder';
import { createExtensionsApi, createPolicyApi, createSettingsApi } from './config';
import { createGlanceProvider, createMetadefsApi } from './glance';
import type { HttpClient } from '../src/backend/http';
import { createIdentityApi, createKeystoneProvider } from './keystone';
import { createNeutronProvider } from './neutron';
import { createNovaProvider } from './nova';

/**
 * One provider per service, combined by resource → service (the registry
 * says which service serves each resource).
 *
 * @example
 * createBackend(http, (resource) => registry.byName(resource).service)
 */
export function createBackend(http: HttpClient, serviceOf: (resource: string) => ServiceName): Backend {
  const providers: Record<ServiceName, DataProvider> = {
    nova: createNovaProvider(http),
    keystone: createKeystoneProvider(http),
    glance: createGlanceProvider(http),
    neutron: createNeutronProvider(http),
    cinder: createCinderProvider(http),
  };
  return {
    dataProvider: combineDataProviders((resource) => providers[serviceOf(resource)]),
    auth: createAuthApi(http),
    identity: createIdentityApi(http),
    policy: createPolicyApi(http),
    settings: createSettingsApi(http),
    extensions: createExtensionsApi(http),
    metadefs: createMetadefsApi(http),
  };
}
