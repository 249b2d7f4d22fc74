import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../support/fake-api';
import { makeNovaServer } from '../support/instance-records';

/**
 * What a list page asks for its create buttons' '(Quota exceeded)' (issue 17:
 * Instances sent three quota-set reads, Nova's, Cinder's and Neutron's, before
 * its first row): one read, of the service that owns the quotas the buttons
 * name, sent once the list has answered.
 */
describe("the quota read behind a list page's '(Quota exceeded)'", { timeout: 60_000 }, () => {
  it("reads Nova's quota set alone, once and after the list, and labels Launch Instance '(Quota exceeded)' when no instance is left", async () => {
    const api = renderWithApi({
      path: '/project/instances',
      routes: {
        'GET /api/nova/servers/': () => ({ items: [makeNovaServer({ name: 'web', flavor: { id: 'f-tiny' } })], has_more_data: false, has_prev_data: false }),
        'GET /api/nova/flavors/': () => ({ items: [{ id: 'f-tiny', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 }] }),
        'GET /api/nova/quota-sets/:project': () => ({
          items: [
            { name: 'instances', display_name: 'Instances', limit: 1, in_use: 1 },
            { name: 'cores', display_name: 'VCPUs', limit: 20, in_use: 1 },
          ],
        }),
      },
    });
    await screen.findByRole('link', { name: 'web' }, { timeout: 10_000 });
    await screen.findByRole('link', { name: 'Launch Instance (Quota exceeded)' }, { timeout: 10_000 });
    const paths = api.requests.map((request) => `${request.method} ${request.path}`);
    const quotaReads = paths.filter((path) => /quota-sets/.test(path));
    expect(quotaReads, paths.join('\n')).toEqual([expect.stringMatching(/^GET \/api\/nova\/quota-sets\//)]);
    expect(paths.filter((path) => path === 'GET /api/nova/servers/'), paths.join('\n')).toHaveLength(1);
    // The first row waits for no quota read.
    expect(paths.indexOf(quotaReads[0])).toBeGreaterThan(paths.indexOf('GET /api/nova/servers/'));
  });

  it('reads Cinder alone for Create Volume, and the button stays as it is while its quotas are left', async () => {
    const api = renderWithApi({
      path: '/project/volumes',
      routes: {
        'GET /api/cinder/volumes/': () => ({ items: [], has_more_data: false, has_prev_data: false }),
        'GET /api/cinder/volumesnapshots/': () => ({ items: [] }),
        'GET /api/nova/servers/': () => ({ items: [] }),
        'GET /api/cinder/quota-sets/:project': () => ({ items: [{ name: 'volumes', display_name: 'Volumes', limit: 10, in_use: 2 }] }),
      },
    });
    await waitFor(() => expect(api.requests.some((request) => /quota-sets/.test(request.path))).toBe(true), { timeout: 10_000 });
    expect(api.requests.filter((request) => /quota-sets/.test(request.path)).map((request) => request.path)).toEqual([expect.stringMatching(/^\/api\/cinder\/quota-sets\//)]);
    expect(await screen.findByRole('button', { name: 'Create Volume' })).toBeTruthy();
  });
});
