import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeInstance } from '../support/instance-records';
import { renderApp } from '../support/render-app';

describe('Admin › Instances (every project, paged by the server)', { timeout: 60_000 }, () => {
  it("asks for every project's instances one page at a time and shows their Project, without Launch Instance", async () => {
    const getList = vi.fn(() => ({ data: [{ ...makeInstance({ name: 'web' }), tenant_name: 'demo' }], pageInfo: { hasNextPage: false, hasPreviousPage: false } }));
    renderApp({ backend: signedInBackend({ admin: true, resources: { instance: { getList } } }), path: '/admin/instances' });
    const table = await screen.findByRole('table', { name: 'Instances' }, { timeout: 10_000 });
    await within(table).findByRole('link', { name: 'web' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toContain('Project');
    expect(within(within(table).getByRole('link', { name: 'web' }).closest('tr')!).getByText('demo')).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ filter: { all_tenants: 'true' }, meta: expect.objectContaining({ marker: undefined }) }));
    expect(screen.queryByRole('link', { name: 'Launch Instance' })).toBeNull();
  });

  it("keeps the project's Instances panel to its own project, without the Project column", async () => {
    const getList = vi.fn(() => ({ data: [makeInstance({ name: 'web' })], pageInfo: { hasNextPage: false, hasPreviousPage: false } }));
    renderApp({ backend: signedInBackend({ admin: true, resources: { instance: { getList } } }), path: '/project/instances' });
    const table = await screen.findByRole('table', { name: 'Instances' }, { timeout: 10_000 });
    await within(table).findByRole('link', { name: 'web' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).not.toContain('Project');
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ filter: {} }));
  });
});
