import { combineDataProviders, type DataProvider } from 'ra-core';
import { type AuthApi, createAuthApi } from './auth';
import { createCinderProvider } from './cinder';
import { createExtensionsApi, createPolicyApi, createSettingsApi, type ExtensionsApi, type PolicyApi, type SettingsApi } from './config';
import { createGlanceProvider, createMetadefsApi, type MetadefsApi } from './glance';
import type { HttpClient } from './http';
import { createIdentityApi, createKeystoneProvider, type IdentityApi } from './keystone';
import { createNeutronProvider } from './neutron';
import { createNovaProvider } from './nova';

/** The data provider of each `/api/<service>/`; a descriptor's `service` names one. */
export type ServiceName = 'nova' | 'keystone' | 'glance' | 'neutron' | 'cinder';

/** Everything the browser asks the server, behind interfaces tests can fake. */
export interface Backend {
  /** CRUD over resources, routed to each resource's service provider. */
  dataProvider: DataProvider;
  auth: AuthApi;
  identity: IdentityApi;
  policy: PolicyApi;
  settings: SettingsApi;
  extensions: ExtensionsApi;
  /** Glance metadata definitions for the metadata editor of any resource. */
  metadefs: MetadefsApi;
}

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
