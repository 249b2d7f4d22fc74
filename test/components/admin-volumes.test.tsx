import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { volumeRecord } from '../../dataProviders/cinder';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

describe('Admin › Volumes (every project, paged by the server)', { timeout: 60_000 }, () => {
  it("asks for every project's volumes one page at a time and shows their Project, without Create Volume", async () => {
    const volume = { ...volumeRecord({ id: 'v-data', name: 'data', size: 1, status: 'available', bootable: 'false', attachments: [] }), tenant_name: 'demo' };
    const getList = vi.fn(() => ({ data: [volume], pageInfo: { hasNextPage: false, hasPreviousPage: false } }));
    renderApp({ backend: signedInBackend({ admin: true, catalog: makeCatalog(['identity', 'compute', 'image', 'volumev3']), resources: { volume: { getList } } }), path: '/admin/volumes' });
    const table = await screen.findByRole('table', { name: 'Volumes' }, { timeout: 10_000 });
    await within(table).findByRole('link', { name: 'data' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toContain('Project');
    expect(within(within(table).getByRole('link', { name: 'data' }).closest('tr')!).getByText('demo')).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ filter: { all_projects: 'true' }, meta: expect.objectContaining({ marker: undefined }) }));
    expect(screen.queryByRole('button', { name: /Create Volume/ })).toBeNull();
  });
});
