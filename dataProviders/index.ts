import { combineDataProviders, type DataProvider } from 'ra-core';
import type { Backend, ServiceName } from '../src/backend/contract';
import type { HttpClient } from '../src/backend/http';
import { createAuthApi } from './auth';
import { createBaasProvider } from './baas';
import { createCinderProvider } from './cinder';
import { createExtensionsApi, createPolicyApi, createSettingsApi } from './config';
import { createGlanceProvider, createMetadefsApi } from './glance';
import { createHeatProvider } from './heat';
import { createIdentityApi, createKeystoneProvider } from './keystone';
import { LAUNCH_RESOURCES } from './launch';
import { createLbaasProvider } from './lbaas';
import { createNeutronProvider } from './neutron';
import { createNovaProvider } from './nova';
import { createSwiftProvider, SWIFT_RESOURCES } from './swift';

/**
 * Resources a provider serves without a descriptor: lists behind a form's
 * choices (subnet pools, a router's subnets, floating IP pools and targets,
 * Create Volume's types and zones) and the launch wizard's reads.
 */
export const SUPPORT_RESOURCES: Record<string, ServiceName> = {
  subnetpool: 'neutron',
  'router-subnet': 'neutron',
  'floating-ip-pool': 'neutron',
  'floating-ip-target': 'neutron',
  'network-zone': 'neutron',
  'volume-type': 'cinder',
  'volume-zone': 'cinder',
  'compute-host': 'nova',
  // The backup plan wizard's storage pools (list_pools).
  'backup-pool': 'baas',
  // The Overview's Limit Summary (dataProviders/usage.ts).
  'quota-usage': 'nova',
  // The Overview's metering chart (dataProviders/usage.ts).
  'usage-chart': 'nova',
  // The instance forms' choices (dataProviders/nova-instance-actions.ts).
  'instance-volume': 'nova',
  'instance-port': 'nova',
  'instance-fip-target': 'nova',
  'instance-floating-ip': 'nova',
  ...LAUNCH_RESOURCES,
  ...SWIFT_RESOURCES,
  // The load balancer wizards' certificate and member choices (dataProviders/lbaas.ts).
  'lb-certificate': 'lbaas',
  'lb-member-candidate': 'lbaas',
  // A flavor profile's provider choices (dataProviders/lbaas-operator.ts).
  'lb-provider': 'lbaas',
  // The load balancer wizard's zone choices (dataProviders/lbaas-operator.ts).
  'lb-availability-zone': 'lbaas',
};

/**
 * One provider per service, combined by resource → service: the registry
 * says which service serves each resource, `SUPPORT_RESOURCES` the rest.
 *
 * @example
 * createBackend(http, (resource) => registry.byName(resource)?.service)
 */
export function createBackend(http: HttpClient, serviceOf: (resource: string) => ServiceName | undefined): Backend {
  const providers: Record<ServiceName, DataProvider> = {
    nova: createNovaProvider(http),
    keystone: createKeystoneProvider(http),
    glance: createGlanceProvider(http),
    neutron: createNeutronProvider(http),
    cinder: createCinderProvider(http),
    baas: createBaasProvider(http),
    swift: createSwiftProvider(http),
    heat: createHeatProvider(http),
    lbaas: createLbaasProvider(http),
  };
  return {
    dataProvider: combineDataProviders((resource) => {
      const service = serviceOf(resource) ?? SUPPORT_RESOURCES[resource];
      if (!service) throw new Error(`No resource named ${resource}`);
      return providers[service];
    }),
    auth: createAuthApi(http),
    identity: createIdentityApi(http),
    policy: createPolicyApi(http),
    settings: createSettingsApi(http),
    extensions: createExtensionsApi(http),
    metadefs: createMetadefsApi(http),
  };
}
