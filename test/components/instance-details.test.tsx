import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeInstance } from '../support/instance-records';
import { renderApp } from '../support/render-app';

type CallParams = { id: string; name: string; data?: Record<string, unknown> };

const securityGroups = [
  {
    id: 'sg-default',
    name: 'default',
    security_group_rules: [
      { id: 'r1', direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 22, port_range_max: 22, remote_ip_prefix: '0.0.0.0/0' },
      { id: 'r2', direction: 'ingress', ethertype: 'IPv4', remote_group_id: 'sg-default' },
    ],
  },
];

/** Answers of the instance's named calls; a test overrides the ones it is about. */
function calls(overrides: Record<string, (params: CallParams) => unknown> = {}) {
  const answers: Record<string, (params: CallParams) => unknown> = {
    'security-groups': () => securityGroups,
    volumes: () => [{ id: 'att-1', volumeId: 'vol-1', serverId: 'srv-web', device: '/dev/vdb', name: 'data' }],
    'console-output': ({ data }) => Array.from({ length: Number(data?.length ?? 100) }, (_, index) => `line ${index + 1}`),
    'console-info': () => ({ type: 'novnc', url: 'http://127.0.0.1:6080/vnc_auto.html?token=t&title=Console(srv-web)' }),
    actions: () => [
      { action: 'stop', request_id: 'req-2', user_id: 'u-demo', start_time: '2026-11-20T10:05:00.000000', message: null, instance_uuid: 'srv-web', project_id: 'p-demo' },
      { action: 'create', request_id: 'req-1', user_id: 'u-demo', start_time: '2026-11-20T10:00:00.000000', message: null, instance_uuid: 'srv-web', project_id: 'p-demo' },
    ],
    ...overrides,
  };
  return vi.fn((params: CallParams) => {
    const answer = answers[params.name];
    if (!answer) throw new Error(`unexpected call ${params.name}`);
    return answer(params);
  });
}

async function openDetails(tab: string, call = calls(), record = makeInstance({ name: 'web', metadata: { role: 'frontend' } })) {
  const rendered = renderApp({
    backend: signedInBackend({ resources: { instance: { getOne: () => record, getList: () => [record], call } } }),
    path: `/ngdetails/OS::Nova::Server/${record.id}?tab=${tab}`,
  });
  await screen.findByRole('heading', { level: 1, name: 'web' }, { timeout: 5000 });
  return { ...rendered, call };
}

describe('Instance details (spec 2 §2.2; Horizon instance detail tabs)', { timeout: 60_000 }, () => {
  it('is reached from /project/instances/{id}/ and has the Overview, Log, Console and Action Log tabs', async () => {
    const record = makeInstance({ name: 'web' });
    const { router } = renderApp({ backend: signedInBackend({ resources: { instance: { getOne: () => record, call: calls() } } }), path: '/project/instances/srv-web/' });
    await screen.findByRole('heading', { level: 1, name: 'web' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/ngdetails/OS::Nova::Server/srv-web');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Log', 'Console', 'Action Log']);
  });

  it('shows the overview: specs, IP addresses per network, security groups with their rules, metadata and attached volumes', async () => {
    await openDetails('overview');
    const specs = await screen.findByRole('region', { name: 'Specs' });
    expect(within(specs).getByText('m1.tiny')).toBeTruthy();
    expect(within(specs).getByText('512MB')).toBeTruthy();
    expect(within(specs).getByText('1 VCPU')).toBeTruthy();
    expect(within(specs).getByText('1GB')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'IP Addresses' })).getByText('10.0.0.5')).toBeTruthy();
    const groups = screen.getByRole('region', { name: 'Security Groups' });
    expect(await within(groups).findByText('ALLOW IPv4 22/tcp from 0.0.0.0/0')).toBeTruthy();
    expect(within(groups).getByText('ALLOW IPv4 from default')).toBeTruthy();
    const metadata = screen.getByRole('region', { name: 'Metadata' });
    expect(within(metadata).getByText('mykey')).toBeTruthy();
    expect(within(metadata).getByRole('link', { name: 'cirros' }).getAttribute('href')).toBe('/ngdetails/OS::Glance::Image/img-cirros');
    expect(within(metadata).getByText('frontend')).toBeTruthy();
    const volumes = screen.getByRole('region', { name: 'Volumes Attached' });
    expect((await within(volumes).findByRole('link', { name: 'data' })).getAttribute('href')).toBe('/ngdetails/OS::Cinder::Volume/vol-1');
    expect(volumes.textContent).toContain('data on /dev/vdb');
    // A member's token carries no host.
    expect(screen.queryByText('Host')).toBeNull();
  });

  it('shows the host to an admin, whose token carries it', async () => {
    await openDetails('overview', calls(), makeInstance({ name: 'web', 'OS-EXT-SRV-ATTR:host': 'rc-compute1' }));
    expect(await screen.findByText('rc-compute1')).toBeTruthy();
  });

  it('reads the last 35 lines of the console log, and another length with Go', async () => {
    const { user, call } = await openDetails('log');
    const log = await screen.findByLabelText('Console log');
    await waitFor(() => expect(log.textContent).toContain('line 35'));
    expect(log.textContent).not.toContain('line 36');
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ name: 'console-output', data: { length: 35 } }));
    const length = screen.getByRole('textbox', { name: 'Log Length' });
    expect((length as HTMLInputElement).value).toBe('35');
    await user.clear(length);
    await user.type(length, '5');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(log.textContent).not.toContain('line 6'));
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ name: 'console-output', data: { length: 5 } }));
    expect(screen.getByRole('link', { name: 'View Full Log' }).getAttribute('href')).toBe('/project/instances/srv-web/console');
  });

  it("says 'There was a problem communicating with the server, please try again.' when the log cannot be read, as a toast only when the user asked", async () => {
    const failing = calls({
      'console-output': () => {
        throw Object.assign(new Error('boom'), { status: 500 });
      },
    });
    const { user } = await openDetails('log', failing);
    const log = await screen.findByLabelText('Console log');
    await waitFor(() => expect(log.textContent).toBe('There was a problem communicating with the server, please try again.'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect((await screen.findByRole('alert')).textContent).toContain('There was a problem communicating with the server, please try again.');
  });

  it('opens the AUTO console in a 760x560 window, and frames the noVNC proxy of another origin in the tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      const { user, call } = await openDetails('console');
      await user.click(await screen.findByRole('button', { name: 'Open Console in a New Window' }));
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ name: 'console-info', data: { console_type: 'AUTO' } }));
      expect(open).toHaveBeenCalledWith('http://127.0.0.1:6080/vnc_auto.html?token=t&title=Console(srv-web)', 'console_srv-web', 'width=760,height=560');
      expect(screen.getByRole('link', { name: 'Click here to show only console' }).getAttribute('href')).toContain('vnc_auto.html');
      // The page's CSP frame-src carries the proxy's origin (server/console-origins.ts), so the tab frames it.
      expect(screen.getByTitle('Instance Console').getAttribute('src')).toBe('http://127.0.0.1:6080/vnc_auto.html?token=t&title=Console(srv-web)');
    } finally {
      open.mockRestore();
    }
  });

  it("says 'Console is currently unavailable.' when the instance has no console", async () => {
    await openDetails('console', calls({ 'console-info': () => { throw Object.assign(new Error('No available console found.'), { status: 500 }); } }));
    expect((await screen.findByRole('alert')).textContent).toContain('Console is currently unavailable.');
    expect(screen.getByText('Unable to load console. Please reload page to try again.')).toBeTruthy();
  });

  it('lists the action log: Request ID, Action, Start Time, User ID, Message', async () => {
    await openDetails('audit');
    const table = await screen.findByRole('table', { name: 'Instance Action List' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Request ID', 'Action', 'Start Time', 'User ID', 'Message']);
    await within(table).findByText('req-2');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Stop')).toBeTruthy();
    expect(within(rows[1]).getByText('Create')).toBeTruthy();
  });

  it('offers the instance’s actions on its details page', async () => {
    const { user, call } = await openDetails('overview');
    await user.click(screen.getByRole('button', { name: 'Actions for web' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Suspend Instance' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith({ id: 'srv-web', name: 'suspend' }));
  });

  it('follows a Shut Off to Shutoff without a reload: refreshes after the action and polls while the task runs', async () => {
    // The cloud's answers: running, then powering off for two rounds, then shut off.
    const states = [
      makeInstance({ name: 'web' }),
      makeInstance({ name: 'web', 'OS-EXT-STS:task_state': 'powering-off' }),
      makeInstance({ name: 'web', 'OS-EXT-STS:task_state': 'powering-off' }),
      makeInstance({ name: 'web', status: 'SHUTOFF', 'OS-EXT-STS:power_state': 4 }),
    ];
    let fetched = 0;
    const getOne = vi.fn(() => states[Math.min(fetched++, states.length - 1)]);
    const call = calls({ stop: () => ({}) });
    const { user } = renderApp({
      backend: signedInBackend({ settings: { AJAX_POLL_INTERVAL: 20 }, resources: { instance: { getOne, getList: () => [states[0]], call } } }),
      path: '/ngdetails/OS::Nova::Server/srv-web?tab=overview',
    });
    await screen.findByRole('heading', { level: 1, name: 'web' }, { timeout: 5000 });
    const overview = () => screen.getByRole('tabpanel').textContent ?? '';
    await waitFor(() => expect(overview()).toContain('Active'));
    await user.click(screen.getByRole('button', { name: 'Actions for web' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Shut Off Instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Shut Off Instance' });
    await user.click(within(dialog).getByRole('button', { name: 'Shut Off Instance' }));
    await waitFor(() => expect(overview()).toContain('Shutoff'), { timeout: 5000 });
    expect(call).toHaveBeenCalledWith({ id: 'srv-web', name: 'stop' });
    expect(getOne.mock.calls.length).toBe(4);
  });
});
