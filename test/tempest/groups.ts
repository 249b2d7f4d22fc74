/**
 * The Tempest API groups `npm run test:tempest` runs, one row of the table
 * each. A service that lands adds its groups here (Swift, Heat, Octavia and
 * Barbican add theirs when they come), and the service it needs in
 * [service_available] through `service`.
 */
export interface TempestGroup {
  /** The row's label in the table. */
  label: string;
  /** Passed to `tempest run --regex`. */
  regex: string;
  /**
   * A service plugin's group (heat-tempest-plugin…): tabled apart with its own
   * total, so that the pass rate of Tempest's own API groups, which issue 23
   * measures, stays comparable from run to run as service groups come.
   */
  plugin?: true;
}

const module = (dotted: string): TempestGroup => ({
  label: dotted,
  regex: `^tempest\\.api\\.${dotted.replace(/\./g, '\\.')}\\.`,
});

export const TEMPEST_GROUPS: TempestGroup[] = [
  { label: 'identity.v3 + identity.admin.v3', regex: '^tempest\\.api\\.identity\\.(admin\\.)?v3\\.' },
  module('compute.keypairs'),
  module('compute.flavors'),
  module('compute.servers.test_create_server'),
  module('compute.servers.test_server_actions'),
  { label: 'image.v2 (incl. admin)', regex: '^tempest\\.api\\.image\\.v2\\.' },
  module('network.test_networks'),
  module('network.test_ports'),
  module('network.test_routers'),
  module('network.test_security_groups'),
  module('volume.test_volumes_get'),
  module('volume.test_volumes_actions'),
  module('volume.test_volumes_snapshots'),
  // Heat's API tests live in heat-tempest-plugin (Debian's package), gabbi YAML files run through Tempest.
  { label: 'heat_tempest_plugin api (gabbi)', regex: '^heat_tempest_plugin\\.tests\\.api\\.', plugin: true },
];
