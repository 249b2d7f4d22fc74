import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeInstance } from '../support/instance-records';
import { renderApp } from '../support/render-app';

type Instance = ReturnType<typeof makeInstance>;

/** The instances list over a fake nova provider: `getList` answers `rows`, `call` records each operation. */
async function openList(rows: Instance[], options: { getOne?: (params: { id: string }) => unknown; call?: (params: { id: string; name: string }) => unknown; settings?: Record<string, unknown> } = {}) {
  const call = vi.fn(options.call ?? (() => undefined));
  const remove = vi.fn(() => undefined);
  const rendered = renderApp({
    backend: signedInBackend({
      settings: options.settings as never,
      resources: { instance: { getList: () => rows, getOne: options.getOne, call, delete: remove } },
    }),
    path: '/project/instances',
  });
  const table = await screen.findByRole('table', { name: 'Instances' }, { timeout: 5000 });
  await within(table).findByRole('link', { name: rows[0].name as string });
  return { ...rendered, table, call, remove };
}

async function menuItems(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

describe('Instances list (Horizon project/instances; spec 2 §4, §7.4)', { timeout: 60_000 }, () => {
  it('shows Horizon’s instance columns: name links to the details, image, IP per network, flavor, key pair, status, zone, task, power state, age', async () => {
    const rows = [
      makeInstance({
        name: 'db',
        addresses: { private: [{ addr: 'fd00::9', version: 6 }, { addr: '10.0.0.9', version: 4 }], public: [{ addr: '172.24.4.9', version: 4 }] },
        status: 'SHUTOFF',
        'OS-EXT-STS:power_state': 4,
        created: new Date(Date.now() - 3 * 86400_000 - 2 * 3600_000 - 60_000).toISOString(),
      }),
      makeInstance({ name: 'app', key_name: null }),
    ];
    const { table } = await openList(rows);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '',
      'Instance Name',
      'Image Name',
      'IP Address',
      'Flavor',
      'Key Pair',
      'Status',
      'Availability Zone',
      'Task',
      'Power State',
      'Age',
      'Actions',
    ]);
    const [app, db] = within(table).getAllByRole('row').slice(1);
    expect(within(app).getByRole('link', { name: 'app' }).getAttribute('href')).toBe('/ngdetails/OS::Nova::Server/srv-app');
    expect(within(db).getByText(/private: 10\.0\.0\.9, fd00::9\s+public: 172\.24\.4\.9/)).toBeTruthy();
    expect(within(db).getByText('m1.tiny')).toBeTruthy();
    expect(within(db).getByText('Shutoff')).toBeTruthy();
    expect(within(db).getByText('Shut Down')).toBeTruthy();
    expect(within(db).getByText('None')).toBeTruthy();
    expect(within(db).getByText('3 days, 2 hours')).toBeTruthy();
    expect(within(app).getByText('Running')).toBeTruthy();
    expect(within(app).getByText('10.0.0.5')).toBeTruthy();
  });

  it('offers the Launch Instance link to the launch wizard', async () => {
    await openList([makeInstance()]);
    expect(screen.getByRole('link', { name: 'Launch Instance' }).getAttribute('href')).toBe('/project/instances/launch');
  });

  it('offers each row only the actions its state allows, in Horizon’s order', async () => {
    const rows = [
      makeInstance({ name: 'running' }),
      makeInstance({ name: 'stopped', status: 'SHUTOFF', 'OS-EXT-STS:power_state': 4 }),
      makeInstance({ name: 'paused', status: 'PAUSED', 'OS-EXT-STS:power_state': 3 }),
      makeInstance({ name: 'suspended', status: 'SUSPENDED', 'OS-EXT-STS:power_state': 7 }),
      makeInstance({ name: 'resized', status: 'VERIFY_RESIZE' }),
    ];
    const { user } = await openList(rows);
    // The engine lists a row's forms first, then its links and operations, each group in Horizon's order.
    expect(await menuItems(user, 'running')).toEqual([
      'Create Snapshot',
      'Associate Floating IP',
      'Attach Interface',
      'Detach Interface',
      'Edit Instance',
      'Attach Volume',
      'Detach Volume',
      'Edit Security Groups',
      'Rescue Instance',
      'Rebuild Instance',
      'Retrieve Password',
      'Console',
      'View Log',
      'Pause Instance',
      'Suspend Instance',
      'Shelve Instance',
      'Resize Instance',
      'Lock Instance',
      'Soft Reboot Instance',
      'Hard Reboot Instance',
      'Shut Off Instance',
      'Delete Instance',
    ]);
    const stopped = await menuItems(user, 'stopped');
    expect(stopped).toEqual(expect.arrayContaining(['Rebuild Instance', 'Rescue Instance', 'Shelve Instance']));
    expect(stopped).toContain('Start Instance');
    expect(stopped).not.toContain('Shut Off Instance');
    expect(stopped).not.toContain('Soft Reboot Instance');
    expect(stopped).toContain('Hard Reboot Instance');
    const paused = await menuItems(user, 'paused');
    expect(paused).toContain('Resume Instance');
    expect(paused).not.toContain('Pause Instance');
    // A suspended instance is still powered in Horizon's sense: it may be shut off.
    expect(await menuItems(user, 'suspended')).toEqual(expect.arrayContaining(['Resume Instance', 'Shut Off Instance']));
    const resized = await menuItems(user, 'resized');
    expect(resized.filter((label) => label?.endsWith('Resize/Migrate'))).toEqual(['Confirm Resize/Migrate', 'Revert Resize/Migrate']);
  });

  it('asks before shutting off, then runs the stop and says "Shut Off Instance: <name>"', async () => {
    const { user, call } = await openList([makeInstance({ name: 'web' })]);
    await user.click(screen.getByRole('button', { name: 'Actions for web' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Shut Off Instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Shut Off Instance' });
    expect(dialog.textContent).toContain('You have selected: "web". Please confirm your selection. The instance(s) will be shut off.');
    expect(call).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Shut Off Instance' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith({ id: 'srv-web', name: 'stop' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Shut Off Instance: web');
  });

  it('pauses at once, without a confirm, and says "Paused Instance: <name>"', async () => {
    const { user, call } = await openList([makeInstance({ name: 'web' })]);
    await user.click(screen.getByRole('button', { name: 'Actions for web' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pause Instance' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith({ id: 'srv-web', name: 'pause' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toContain('Paused Instance: web');
  });

  it('says "Unable to hard reboot instance: <name>" when the server refuses', async () => {
    const { user } = await openList([makeInstance({ name: 'web' })], {
      call: () => {
        throw Object.assign(new Error('conflict'), { status: 409 });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Actions for web' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hard Reboot Instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Hard Reboot Instance' });
    expect(dialog.textContent).toContain('Restarted instances will lose any data not saved in persistent storage.');
    await user.click(within(dialog).getByRole('button', { name: 'Hard Reboot Instance' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to hard reboot instance: web');
  });

  it('starts the checked instances from the toolbar, naming those it does not apply to', async () => {
    const rows = [
      makeInstance({ name: 'a', status: 'SHUTOFF', 'OS-EXT-STS:power_state': 4 }),
      makeInstance({ name: 'b', status: 'SHUTOFF', 'OS-EXT-STS:power_state': 4 }),
      makeInstance({ name: 'c' }),
    ];
    const { user, call } = await openList(rows);
    const start = screen.getByRole('button', { name: 'Start Instances' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    for (const name of ['a', 'b', 'c']) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    await user.click(start);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(call.mock.calls.map(([params]) => params)).toEqual([
      { id: 'srv-a', name: 'start' },
      { id: 'srv-b', name: 'start' },
    ]);
    const alerts = await screen.findAllByRole('alert');
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent).join('\n')).toContain('Started Instances: a, b'));
    expect(alerts.map((alert) => alert.textContent).join('\n')).toContain('You are not allowed to start instance: c');
  });

  it('deletes the checked instances in one batch and says "Scheduled deletion of Instances: <names>"', async () => {
    const { user, remove } = await openList([makeInstance({ name: 'a' }), makeInstance({ name: 'b' })]);
    await user.click(screen.getByRole('checkbox', { name: 'Select a' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select b' }));
    await user.click(screen.getByRole('button', { name: 'Delete Instances' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Instances' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Instances' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(2));
    expect((await screen.findByRole('alert')).textContent).toContain('Scheduled deletion of Instances: a, b');
  });

  it('polls a row while it builds or a task runs, with a progress bar, until it settles; a row waiting for a resize verdict is not polled', async () => {
    const answers = [
      makeInstance({ name: 'new', status: 'BUILD', 'OS-EXT-STS:task_state': 'spawning', 'OS-EXT-STS:power_state': 0 }),
      makeInstance({ name: 'new', status: 'ACTIVE', 'OS-EXT-STS:task_state': null }),
    ];
    const getOne = vi.fn(({ id }: { id: string }) => (id === 'srv-new' ? answers.shift() ?? answers.at(-1) ?? makeInstance({ name: 'new' }) : undefined));
    const rows = [makeInstance({ name: 'new', status: 'BUILD', 'OS-EXT-STS:task_state': 'scheduling', 'OS-EXT-STS:power_state': 0 }), makeInstance({ name: 'resized', status: 'VERIFY_RESIZE' })];
    await openList(rows, { getOne, settings: { AJAX_POLL_INTERVAL: 20 } });
    expect(screen.getByRole('progressbar', { name: 'Updating new' })).toBeTruthy();
    expect(screen.getByText('Scheduling')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Updating resized' })).toBeNull();
    await screen.findByText('Spawning', undefined, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Updating new' })).toBeNull(), { timeout: 5000 });
    expect(within(screen.getByRole('table', { name: 'Instances' })).getAllByText('Active').length).toBe(1);
    expect(getOne.mock.calls.every(([params]) => params.id === 'srv-new')).toBe(true);
  });
});
