import { expect } from 'vitest';

/** A port made for a browser test, by name: its id and first fixed IP. */
export interface DemoPort {
  id: string;
  ip: string;
}

/**
 * Makes ports on demo's seeded private network through the native Neutron API
 * of the started server's cloud: the browser tests need ports before there is
 * an instance to own them (trunk parents and subports, a floating IP's target).
 *
 * @example
 * const { 'e2e-port': port } = await createDemoPorts(baseUrl, passwords.demo, ['e2e-port']);
 */
/**
 * A native endpoint of the started server's cloud for demo in its project
 * (catalog `type`, public interface), with the headers that authenticate there.
 *
 * @example
 * const cinder = await demoEndpoint(baseUrl, passwords.demo, 'volumev3');
 * await fetch(`${cinder.url}/volumes`, { headers: cinder.headers });
 */
export async function demoEndpoint(baseUrl: string, demoPassword: string, type: string): Promise<{ url: string; headers: Record<string, string> }> {
  const auth = await fetch(`${baseUrl}/cloud/identity/v3/auth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: { methods: ['password'], password: { user: { name: 'demo', domain: { id: 'default' }, password: demoPassword } } },
        scope: { project: { name: 'demo', domain: { id: 'default' } } },
      },
    }),
  });
  expect(auth.status).toBe(201);
  const token = auth.headers.get('x-subject-token')!;
  const { token: body } = (await auth.json()) as { token: { catalog: { type: string; endpoints: { interface: string; url: string }[] }[] } };
  const url = body.catalog.find((entry) => entry.type === type)!.endpoints.find((endpoint) => endpoint.interface === 'public')!.url.replace(/\/$/, '');
  return { url, headers: { 'x-auth-token': token, 'content-type': 'application/json' } };
}

export async function createDemoPorts(baseUrl: string, demoPassword: string, names: string[]): Promise<Record<string, DemoPort>> {
  const { url, headers } = await demoEndpoint(baseUrl, demoPassword, 'network');
  const neutron = url.endsWith('/v2.0') ? url : `${url}/v2.0`;
  const networks = (await (await fetch(`${neutron}/networks?name=private`, { headers })).json()) as { networks: { id: string }[] };
  const ports: Record<string, DemoPort> = {};
  for (const name of names) {
    const response = await fetch(`${neutron}/ports`, { method: 'POST', headers, body: JSON.stringify({ port: { name, network_id: networks.networks[0].id } }) });
    expect(response.status).toBe(201);
    const { port } = (await response.json()) as { port: { id: string; fixed_ips: { ip_address: string }[] } };
    ports[name] = { id: port.id, ip: port.fixed_ips[0].ip_address };
  }
  return ports;
}
