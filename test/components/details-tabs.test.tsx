import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import keypair from '../../resources/keypair';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { stickyTabCookie, TAB_PARAM } from '../../src/engine/ResourceShowPage';
import { createTimezoneLoader } from '../../src/utils/timezones';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { currentPath, renderApp } from '../support/render-app';

/** Key pairs with three tabs, one field each, so each pane's content is recognisable. */
function withTabs(sticky = false): AnyResourceDescriptor {
  return {
    ...keypair,
    detail: {
      sticky,
      tabs: [
        { id: 'overview', label: 'Overview', fields: ['name'] },
        { id: 'key', label: 'Public Key', fields: ['public_key'] },
        { id: 'owner', label: 'Owner', fields: ['user_id'] },
      ],
    },
  };
}

const record = makeKeypair({ name: 'k1', public_key: 'ssh-rsa AAAA k1@host', user_id: 'u-demo', created_at: '2024-01-01T23:30:00.000000' });
const backend = () => signedInBackend({ resources: { keypair: { getOne: () => record } } });
const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);
const pane = (text: string) => screen.queryByText(text);

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
afterEach(clearCookies);

describe('details tabs (spec 1 §2.2: lazy panes, the tab query parameter, sticky groups)', () => {
  it("opens the first tab and mounts no other tab's pane until it is chosen", async () => {
    renderApp({ backend: backend(), descriptors: [withTabs()], path: '/ngdetails/OS::Nova::Keypair/k1' });
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    await within(screen.getByRole('tabpanel')).findByText('k1');
    expect(screen.getAllByRole('tabpanel', { hidden: true })).toHaveLength(1);
    expect(pane('ssh-rsa AAAA k1@host')).toBeNull();
    expect(pane('u-demo')).toBeNull();
  });

  it('opens the tab named by ?tab= (a deep link)', async () => {
    renderApp({ backend: backend(), descriptors: [withTabs()], path: `/ngdetails/OS::Nova::Keypair/k1?${TAB_PARAM}=owner` });
    expect(await screen.findByRole('tab', { name: 'Owner', selected: true })).toBeTruthy();
    expect(await within(screen.getByRole('tabpanel')).findByText('u-demo')).toBeTruthy();
    expect(pane('ssh-rsa AAAA k1@host')).toBeNull();
  });

  it('puts the chosen tab in the URL and keeps an opened pane mounted, hidden, when leaving it', async () => {
    const { user, router } = renderApp({ backend: backend(), descriptors: [withTabs()], path: '/ngdetails/OS::Nova::Keypair/k1?keep=1' });
    await user.click(await screen.findByRole('tab', { name: 'Public Key' }));
    expect(search(router).get(TAB_PARAM)).toBe('key');
    expect(search(router).get('keep')).toBe('1');
    expect(within(screen.getByRole('tabpanel')).getByText('ssh-rsa AAAA k1@host')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(search(router).get(TAB_PARAM)).toBe('overview');
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels.map((panel) => panel.id)).toEqual(['tabpanel-overview', 'tabpanel-key']);
    expect(panels[1].hidden).toBe(true);
    expect(within(screen.getByRole('tabpanel')).getByText('k1')).toBeTruthy();
  });

  it("remembers a sticky group's tab in its cookie and opens it next time", async () => {
    const first = renderApp({ backend: backend(), descriptors: [withTabs(true)], path: '/ngdetails/OS::Nova::Keypair/k1' });
    await first.user.click(await screen.findByRole('tab', { name: 'Owner' }));
    expect(stickyTabCookie(keypair)).toBe('tab_keypair_details');
    expect(document.cookie).toContain('tab_keypair_details=owner');
    first.unmount();

    renderApp({ backend: backend(), descriptors: [withTabs(true)], path: '/ngdetails/OS::Nova::Keypair/k1' });
    expect(await screen.findByRole('tab', { name: 'Owner', selected: true })).toBeTruthy();
  });

  it('lets ?tab= win over the sticky cookie', async () => {
    document.cookie = 'tab_keypair_details=owner; path=/';
    renderApp({ backend: backend(), descriptors: [withTabs(true)], path: '/ngdetails/OS::Nova::Keypair/k1?tab=key' });
    expect(await screen.findByRole('tab', { name: 'Public Key', selected: true })).toBeTruthy();
  });

  it('keeps no cookie for a group that is not sticky', async () => {
    const { user } = renderApp({ backend: backend(), descriptors: [withTabs(false)], path: '/ngdetails/OS::Nova::Keypair/k1' });
    await user.click(await screen.findByRole('tab', { name: 'Owner' }));
    expect(document.cookie).not.toContain('tab_keypair_details');
  });
});

describe('generic details route ngdetails/{type}/{path*} (spec 1 §2.1)', () => {
  it('passes the whole rest of the path, slashes included, as the id', async () => {
    const getOne = vi.fn(({ id }: { id: string }) => makeKeypair({ name: id }));
    const { router } = renderApp({ backend: signedInBackend({ resources: { keypair: { getOne } } }), path: '/ngdetails/OS::Nova::Keypair/folder/sub/k1' });
    expect(await screen.findByRole('heading', { name: 'folder/sub/k1', level: 1 })).toBeTruthy();
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ id: 'folder/sub/k1' }));
    expect(currentPath(router)).toBe('/ngdetails/OS::Nova::Keypair/folder/sub/k1');
  });

  it("links a record whose id holds a slash to its details, and loads it by that id", async () => {
    const getOne = vi.fn(({ id }: { id: string }) => makeKeypair({ name: id }));
    const getList = () => [makeKeypair({ name: 'team/k1' })];
    const { user } = renderApp({ backend: signedInBackend({ resources: { keypair: { getOne, getList } } }), path: '/project/key_pairs' });
    await user.click(await screen.findByRole('link', { name: 'team/k1' }));
    expect(await screen.findByRole('heading', { name: 'team/k1', level: 1 })).toBeTruthy();
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ id: 'team/k1' }));
  });
});

describe("dates in the user's time zone (spec 1 §9)", () => {
  it('shows a date-time field in the django_timezone zone', async () => {
    document.cookie = 'django_timezone="Asia/Kolkata"; path=/';
    const details: AnyResourceDescriptor = { ...keypair, detail: { tabs: [{ id: 'details', label: 'Details', fields: ['created_at'] }] } };
    renderApp({ backend: backend(), descriptors: [details], path: '/ngdetails/OS::Nova::Keypair/k1' });
    // 23:30 UTC on Jan 1 is 05:00 on Jan 2 in Kolkata (+05:30).
    expect(await within(await screen.findByRole('tabpanel')).findByText('Jan 2, 2024 5:00:00 AM')).toBeTruthy();
  });

  it("uses the zone list's offset for a zone name the browser does not know", async () => {
    document.cookie = 'django_timezone=Legacy/Zone; path=/';
    const details: AnyResourceDescriptor = { ...keypair, detail: { tabs: [{ id: 'details', label: 'Details', fields: ['created_at'] }] } };
    const timezones = createTimezoneLoader(async () => ({ timezone_dict: { 'Legacy/Zone': '+0300' } }));
    renderApp({ backend: backend(), descriptors: [details], path: '/ngdetails/OS::Nova::Keypair/k1', parts: { timezones } });
    await waitFor(() => expect(within(screen.getByRole('tabpanel')).getByText('Jan 2, 2024 2:30:00 AM')).toBeTruthy());
  });

  it('shows a date-time column in the user zone in the table', async () => {
    document.cookie = 'django_timezone="Asia/Kolkata"; path=/';
    const listed: AnyResourceDescriptor = { ...keypair, columns: [{ field: 'name' }, { field: 'created_at' }] };
    renderApp({ backend: signedInBackend({ resources: { keypair: { getList: () => [record] } } }), descriptors: [listed], path: '/project/key_pairs' });
    expect(await screen.findByRole('cell', { name: 'Jan 2, 2024 5:00:00 AM' })).toBeTruthy();
  });
});
