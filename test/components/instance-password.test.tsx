import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeInstance } from '../support/instance-records';
import { renderApp } from '../support/render-app';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const encrypted = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Tr0ub4dor&3')).toString('base64');

async function openModal(password: () => unknown = () => encrypted) {
  const record = makeInstance({ name: 'web', key_name: 'mykey' });
  const call = vi.fn(({ name }: { name: string }) => {
    if (name !== 'password') throw new Error(`unexpected call ${name}`);
    return password();
  });
  const rendered = renderApp({
    backend: signedInBackend({ resources: { instance: { getList: () => [record], getOne: () => record, call } } }),
    path: '/project/instances/srv-web/decryptpassword',
  });
  const dialog = await screen.findByRole('dialog', { name: 'Retrieve Instance Password' }, { timeout: 5000 });
  return { ...rendered, dialog, call };
}

describe('Retrieve Password (spec 1 §8; Horizon decryptpassword)', { timeout: 60_000 }, () => {
  it('shows the instance’s key pair and Nova’s encrypted password, over the instances list', async () => {
    const { dialog } = await openModal();
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Key Pair Name' }) as HTMLInputElement).value).toBe('mykey'));
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Encrypted Password' }) as HTMLTextAreaElement).value).toBe(encrypted));
    // The list stays behind the modal (hidden from assistive technology while the modal is open).
    expect(await screen.findByRole('table', { name: 'Instances', hidden: true })).toBeTruthy();
  });

  it('decrypts the password in the browser with a pasted private key', async () => {
    const { dialog, call } = await openModal();
    const key = await within(dialog).findByRole('textbox', { name: 'OR Copy/Paste your Private Key' });
    fireEvent.change(key, { target: { value: pem } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decrypt Password' }));
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Password' }) as HTMLInputElement).value).toBe('Tr0ub4dor&3'));
    expect(within(dialog).queryByRole('button', { name: 'Decrypt Password' })).toBeNull();
    // Only the encrypted password was asked for: the key stayed in the page.
    expect(call.mock.calls.map(([params]) => params)).toEqual([{ id: 'srv-web', name: 'password', data: undefined }]);
  });

  it('reads the private key from a chosen .pem file', async () => {
    const { dialog, user } = await openModal();
    const input = (await within(dialog).findByLabelText('Private Key File')) as HTMLInputElement;
    await user.upload(input, new File([pem], 'mykey.pem', { type: 'application/x-pem-file' }));
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'OR Copy/Paste your Private Key' }) as HTMLTextAreaElement).value).toBe(pem));
    await user.click(within(dialog).getByRole('button', { name: 'Decrypt Password' }));
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Password' }) as HTMLInputElement).value).toBe('Tr0ub4dor&3'));
  });

  it("says 'Could not read the file' when the chosen file cannot be read", async () => {
    const { dialog } = await openModal();
    const input = (await within(dialog).findByLabelText('Private Key File')) as HTMLInputElement;
    // A file that went away or cannot be read: the browser's FileReader reports an error.
    const readAsText = vi.spyOn(FileReader.prototype, 'readAsText').mockImplementation(function (this: FileReader) {
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    });
    try {
      fireEvent.change(input, { target: { files: [new File(['x'], 'gone.pem')] } });
      expect((await screen.findByRole('alert')).textContent).toContain('Could not read the file');
    } finally {
      readAsText.mockRestore();
    }
  });

  it("says 'Could not decrypt the password' with another key", async () => {
    const { dialog } = await openModal();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'OR Copy/Paste your Private Key' }), { target: { value: other } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decrypt Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not decrypt the password');
    expect((within(dialog).getByRole('textbox', { name: 'Password' }) as HTMLInputElement).value).toBe('');
  });

  it('says the password is not set yet when Nova has none, and offers no decryption', async () => {
    const { dialog } = await openModal(() => '');
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: 'Encrypted Password' }) as HTMLTextAreaElement).value).toBe('Instance Password is not set or is not yet available'),
    );
    expect(within(dialog).queryByRole('button', { name: 'Decrypt Password' })).toBeNull();
  });

  it('closes back to the instances list with Cancel', async () => {
    const { dialog, router, user } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/instances'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
