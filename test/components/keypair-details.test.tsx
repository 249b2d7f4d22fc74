import { screen, within } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { currentPath, renderApp } from '../support/render-app';

const detailed = makeKeypair({ name: 'k1', user_id: 'u-demo', created_at: '2026-01-02T03:04:05.000000', public_key: 'ssh-rsa AAAAB3Nza k1@host' });

describe('key pair details (spec 2 §2.2, §2.3)', () => {
  it('shows the Details tab: name, type, fingerprint, public key, user id and created', async () => {
    const getOne = vi.fn(() => detailed);
    renderApp({ backend: signedInBackend({ resources: { keypair: { getOne } } }), path: '/ngdetails/OS::Nova::Keypair/k1' });
    expect(await screen.findByRole('heading', { name: 'k1', level: 1 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    await within(panel).findByText('SSH Key');
    const terms = within(panel).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Name', 'Type', 'Fingerprint', 'Public Key', 'User ID', 'Created']);
    // Created: Nova's zone-less UTC timestamp in the user's zone (UTC without the django_timezone cookie).
    for (const value of [detailed.fingerprint, 'ssh-rsa AAAAB3Nza k1@host', 'u-demo', 'Jan 2, 2026 3:04:05 AM']) {
      expect(within(panel).getByText(value)).toBeTruthy();
    }
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ id: 'k1' }));
  });

  it('redirects /project/key_pairs/<name> to /ngdetails/OS::Nova::Keypair/<name>', async () => {
    const { router } = renderApp({ backend: signedInBackend({ resources: { keypair: { getOne: () => detailed } } }), path: '/project/key_pairs/k1' });
    await screen.findByRole('heading', { name: 'k1', level: 1 });
    expect(currentPath(router)).toBe('/ngdetails/OS::Nova::Keypair/k1');
  });

  it('goes to the not-found page for an unknown type', async () => {
    const { router } = renderApp({ backend: signedInBackend(), path: '/ngdetails/OS::Nova::Nothing/x' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(currentPath(router)).toBe('/not_found');
  });

  it('goes to the not-found page when the key pair answers 404', async () => {
    const getOne = () => Promise.reject(new HttpError('Key pair not found', 404, 'Key pair not found'));
    const { router } = renderApp({ backend: signedInBackend({ resources: { keypair: { getOne } } }), path: '/ngdetails/OS::Nova::Keypair/gone' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(currentPath(router)).toBe('/not_found');
  });

  it('goes to the not-found page for /ngdetails/<type> without an id', async () => {
    const { router } = renderApp({ backend: signedInBackend(), path: '/ngdetails/OS::Nova::Keypair' });
    await screen.findByRole('heading', { name: 'Page Not Found' });
    expect(currentPath(router)).toBe('/not_found');
  });

  it('goes back to the list after deleting from the details page', async () => {
    const remove = vi.fn(async () => undefined);
    const { user, router } = renderApp({
      backend: signedInBackend({ resources: { keypair: { getOne: () => detailed, delete: remove, getList: () => [] } } }),
      path: '/ngdetails/OS::Nova::Keypair/k1',
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Key Pair' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Delete Key Pair' })).getByRole('button', { name: 'Delete Key Pair' }));
    expect(await screen.findByText('No items to display.')).toBeTruthy();
    expect(currentPath(router)).toBe('/project/key_pairs');
  });
});
