/**
 * tempest.conf written from the running built-in cloud: the ids Tempest needs
 * (seeded image, flavors, public network) are looked up, the microversion
 * ranges and Neutron extensions are read from the cloud itself, and the
 * feature flags below say what the built-in cloud implements. A flag is off
 * only for a feature the built-in cloud lacks; emulator/README.md lists each
 * with why.
 */

interface Catalog {
  type: string;
  endpoints: { interface: string; url: string }[];
}

/** Features the built-in cloud lacks (see emulator/README.md, "Tempest"). */
export const MISSING_FEATURES: Record<string, Record<string, boolean>> = {
  'identity-feature-enabled': {
    domain_specific_drivers: false,
    security_compliance: false,
    trust: false,
    application_credentials: true,
    access_rules: false,
    project_tags: false,
  },
  'compute-feature-enabled': {
    shelve: false,
    shelve_migrate: false,
    stable_rescue: false,
    change_password: false,
    spice_console: false,
    serial_console: false,
    metadata_service: false,
    config_drive: false,
    personality: false,
    attach_encrypted_volume: false,
    volume_multiattach: false,
    swap_volume: false,
    unified_limits: false,
  },
  'image-feature-enabled': {
    import_image: false,
    os_glance_reserved: false,
  },
  'volume-feature-enabled': {
    manage_volume: false,
    manage_snapshot: false,
    extend_attached_volume: false,
    extend_attached_encrypted_volume: false,
    volume_revert: false,
    cluster_active_active: false,
  },
};

/** Features the built-in cloud has that Tempest would otherwise assume off. */
const PRESENT_FEATURES: Record<string, Record<string, boolean>> = {
  'identity-feature-enabled': { api_v2: false, api_v3: true },
  'compute-feature-enabled': {
    console_output: true,
    resize: true,
    snapshot: true,
    pause: true,
    suspend: true,
    vnc_console: true,
    disk_config: true,
  },
  'network-feature-enabled': { ipv6: true, ipv6_subnet_attributes: true, port_security: true, floating_ips: true },
  'image-feature-enabled': { api_v2: true },
  'volume-feature-enabled': { api_v3: true, snapshot: true, clone: true },
};

async function json(url: string, token: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { 'X-Auth-Token': token, Accept: 'application/json' } });
  if (!response.ok && response.status !== 300) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function adminToken(identity: string, password: string) {
  const response = await fetch(`${identity}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: { methods: ['password'], password: { user: { name: 'admin', domain: { id: 'default' }, password } } },
        scope: { project: { name: 'admin', domain: { id: 'default' } } },
      },
    }),
  });
  if (response.status !== 201) throw new Error(`admin login at ${identity}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: { catalog: Catalog[] } };
  return { token: response.headers.get('x-subject-token')!, catalog: body.token.catalog };
}

function endpointOf(catalog: Catalog[], type: string): string {
  const url = catalog.find((entry) => entry.type === type)?.endpoints.find((endpoint) => endpoint.interface === 'public')?.url;
  if (!url) throw new Error(`no public ${type} endpoint in the catalog`);
  return url.replace(/\/+$/, '');
}

/** The service root (scheme://host/path-before-version) of a versioned endpoint. */
const serviceRoot = (url: string) => url.replace(/\/v[0-9.]+(\/.*)?$/, '');

async function maxMicroversion(root: string, token: string): Promise<{ min: string; max: string }> {
  const body = await json(`${root}/`, token);
  const versions = (body.versions ?? []) as { status: string; version?: string; min_version?: string }[];
  const current = versions.find((version) => version.status === 'CURRENT');
  if (!current?.version) throw new Error(`${root}: no CURRENT version with a microversion`);
  return { min: current.min_version!, max: current.version };
}

function render(sections: Record<string, Record<string, string | number | boolean>>): string {
  return Object.entries(sections)
    .map(([section, options]) => `[${section}]\n${Object.entries(options).map(([key, value]) => `${key} = ${String(value)}`).join('\n')}\n`)
    .join('\n');
}

/** The tempest.conf text for the cloud at `identity`; logs go to `workspace`/logs. */
export async function tempestConf(identity: string, adminPassword: string, workspace: string): Promise<string> {
  const { token, catalog } = await adminToken(identity, adminPassword);
  const image = endpointOf(catalog, 'image');
  const network = endpointOf(catalog, 'network');
  const images = (await json(`${image}/v2/images?name=tiny-boot`, token)).images as { id: string }[];
  if (!images[0]) throw new Error('the seeded image tiny-boot is missing');
  const nets = (await json(`${network}/v2.0/networks?router:external=true&name=public`, token)).networks as { id: string }[];
  if (!nets[0]) throw new Error('the external network public is missing');
  const flavors = ((await json(`${endpointOf(catalog, 'compute')}/flavors`, token)).flavors as { id: string }[]).map((flavor) => flavor.id);
  const extensions = ((await json(`${network}/v2.0/extensions`, token)).extensions as { alias: string }[]).map((extension) => extension.alias);
  const compute = await maxMicroversion(serviceRoot(endpointOf(catalog, 'compute')), token);
  const volume = await maxMicroversion(serviceRoot(endpointOf(catalog, 'volumev3')), token);
  const region = 'RegionOne';
  const timing = { build_timeout: 90, build_interval: 1 };
  const merge = (section: string) => ({ ...PRESENT_FEATURES[section], ...MISSING_FEATURES[section] });
  return render({
    DEFAULT: { log_dir: `${workspace}/logs`, log_file: 'tempest.log', debug: true },
    auth: {
      use_dynamic_credentials: true,
      create_isolated_networks: true,
      admin_username: 'admin',
      admin_password: adminPassword,
      admin_project_name: 'admin',
      admin_domain_name: 'Default',
      default_credentials_domain_name: 'Default',
    },
    identity: {
      uri_v3: identity,
      auth_version: 'v3',
      region,
      v3_endpoint_type: 'public',
      admin_role: 'admin',
      default_domain_id: 'default',
    },
    'identity-feature-enabled': merge('identity-feature-enabled'),
    compute: {
      image_ref: images[0].id,
      image_ref_alt: images[0].id,
      flavor_ref: flavors.includes('1') ? '1' : flavors[0],
      flavor_ref_alt: flavors.includes('2') ? '2' : flavors[1],
      fixed_network_name: 'private',
      min_microversion: compute.min,
      max_microversion: compute.max,
      region,
      endpoint_type: 'publicURL',
      ...timing,
    },
    'compute-feature-enabled': merge('compute-feature-enabled'),
    network: {
      public_network_id: nets[0].id,
      floating_network_name: 'public',
      project_network_cidr: '10.100.0.0/16',
      project_network_mask_bits: 28,
      region,
      ...timing,
    },
    'network-feature-enabled': { ...merge('network-feature-enabled'), api_extensions: extensions.join(',') },
    image: { region, ...timing },
    'image-feature-enabled': merge('image-feature-enabled'),
    volume: { catalog_type: 'volumev3', region, min_microversion: volume.min, max_microversion: volume.max, ...timing },
    'volume-feature-enabled': merge('volume-feature-enabled'),
    service_available: {
      nova: true,
      glance: true,
      neutron: true,
      cinder: true,
      swift: false,
      heat: true,
      heat_plugin: true,
      octavia: false,
      barbican: false,
      horizon: false,
      designate: false,
    },
    // heat-tempest-plugin's own section: its API tests (gabbi) log in with these and find Heat in the catalog.
    heat_plugin: {
      auth_url: identity,
      auth_version: 3,
      username: 'admin',
      password: adminPassword,
      project_name: 'admin',
      admin_username: 'admin',
      admin_password: adminPassword,
      admin_project_name: 'admin',
      user_domain_name: 'Default',
      project_domain_name: 'Default',
      region,
      endpoint_type: 'public',
      image_ref: images[0].id,
      minimal_image_ref: images[0].id,
      instance_type: 'm1.tiny',
      minimal_instance_type: 'm1.tiny',
      fixed_network_name: 'private',
      floating_network_name: 'public',
      skip_functional_tests: true,
      skip_scenario_tests: true,
      ...timing,
    },
    validation: { run_validation: false },
    oslo_concurrency: { lock_path: `${workspace}/tempest_lock` },
  });
}
