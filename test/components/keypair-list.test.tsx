import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeKeypair } from '../support/records';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

describe('key pair list (spec 2 §2.3)', () => {
  it('lists key pairs with the columns Name, Type and Fingerprint, sorted by name', async () => {
    const backend = signedInBackend({
      resources: { keypair: { getList: () => [makeKeypair({ name: 'zeta' }), makeKeypair({ name: 'alpha', type: 'x509' })] } },
    });
    renderApp({ backend, path: '/project/key_pairs' });
    expect(await screen.findByRole('heading', { name: 'Key Pairs', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Key Pairs' });
    await within(table).findByRole('link', { name: 'alpha' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['', 'Name', 'Type', 'Fingerprint', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['alpha', 'zeta']);
    expect(within(rows[0]).getByText('X509 Certificate')).toBeTruthy();
    expect(within(rows[1]).getByText('SSH Key')).toBeTruthy();
  });
});
