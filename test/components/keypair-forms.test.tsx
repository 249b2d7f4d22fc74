import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';

const PRIVATE_KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n';

/** jsdom cannot save files: capture what the anchor would download instead. */
let downloads: { fileName: string; blob: Blob }[];
beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ fileName: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

// Horizon's key pair dialogs submit with 'Create Key Pair' and 'Import Key Pair'.
const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Create Key Pair' }) as HTMLButtonElement;
const importButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Import Key Pair' }) as HTMLButtonElement;

async function openForm(label: string, backend = signedInBackend({ resources: { keypair: { getList: () => [makeKeypair({ name: 'taken' })] } } })) {
  const view = renderApp({ backend, path: '/project/key_pairs' });
  await screen.findByRole('link', { name: 'taken' }, { timeout: 5000 });
  await view.user.click(screen.getByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog', { name: label });
  return { ...view, dialog };
}

describe('Create Key Pair (spec 2 §4, §5, §8)', () => {
  it('creates the key pair, downloads the private key as <name>.pem and toasts the success', async () => {
    const create = vi.fn(({ data }) => ({ ...makeKeypair({ name: data.name }), private_key: PRIVATE_KEY }));
    const getList = vi.fn(() => [makeKeypair({ name: 'taken' })]);
    const { user, dialog } = await openForm('Create Key Pair', signedInBackend({ resources: { keypair: { getList, create } } }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), 'k1');
    await user.click(submitButton(dialog));

    expect((await screen.findByRole('alert')).textContent).toContain('Key pair k1 was successfully created.');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'k1', key_type: 'ssh' } }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0].fileName).toBe('k1.pem');
    expect(downloads[0].blob.type).toBe('application/x-pem-file');
    expect(await readBlob(downloads[0].blob)).toBe(PRIVATE_KEY);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getList).toHaveBeenCalledTimes(2); // the new key pair is added to the list
  });

  it("offers the key types 'SSH Key' and 'X509 Certificate', ssh by default, in a medium-size modal", async () => {
    const { user, dialog } = await openForm('Create Key Pair');
    const keyType = within(dialog).getByRole('combobox', { name: 'Key Type' });
    expect(keyType.textContent).toBe('SSH Key');
    await user.click(keyType);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['SSH Key', 'X509 Certificate']);
    expect(dialog.classList.contains('MuiDialog-paperWidthSm')).toBe(true); // 'md' = Bootstrap's 600 px
  });

  it("says 'Key pair already exists.' as soon as a taken name is typed, and does not submit", async () => {
    const { user, dialog } = await openForm('Create Key Pair');
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), 'taken');
    expect(await within(dialog).findByText('Key pair already exists.')).toBeTruthy();
    expect(submitButton(dialog).disabled).toBe(true); // Submit waits for a valid form (spec 1 §5); no create call: the fake would throw
  });

  it("rejects a name outside the create pattern: 'Key Pair Name is formatted incorrectly'", async () => {
    const { dialog } = await openForm('Create Key Pair');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), { target: { value: 'bad~name' } });
    expect(await within(dialog).findByText('Key Pair Name is formatted incorrectly')).toBeTruthy();
    expect(submitButton(dialog).disabled).toBe(true);
  });

  it("requires a name: 'Key Pair Name is a required field'", async () => {
    const { user, dialog } = await openForm('Create Key Pair');
    expect(submitButton(dialog).disabled).toBe(true); // untouched: no message yet, but no submit either
    await user.click(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }));
    await user.tab();
    expect(await within(dialog).findByText('Key Pair Name is a required field')).toBeTruthy();
  });

  it("toasts 'Unable to create the keypair.' and shows the server's message in the form when the call fails", async () => {
    const create = vi.fn(() => Promise.reject(new HttpError('Quota exceeded for key pairs.', 413, 'Quota exceeded for key pairs.')));
    const { user, dialog } = await openForm('Create Key Pair', signedInBackend({ resources: { keypair: { getList: () => [makeKeypair({ name: 'taken' })], create } } }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), 'k2');
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('Quota exceeded for key pairs.')).toBeTruthy();
    expect((await screen.findAllByRole('alert')).some((alert) => alert.textContent?.includes('Unable to create the keypair.'))).toBe(true);
    expect(submitButton(dialog)).not.toHaveProperty('disabled', true);
    expect(downloads).toHaveLength(0);
  });

  it("shows 'There was an error submitting the form. Please try again.' when the server gives no message", async () => {
    const create = vi.fn(() => Promise.reject(new HttpError('500 Internal Server Error', 500, undefined)));
    const { user, dialog } = await openForm('Create Key Pair', signedInBackend({ resources: { keypair: { getList: () => [makeKeypair({ name: 'taken' })], create } } }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), 'k3');
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('There was an error submitting the form. Please try again.')).toBeTruthy();
  });

  it("submits with Horizon's 'Create Key Pair' button, disabled while submitting", async () => {
    let finish: (value: unknown) => void = () => undefined;
    const create = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const { user, dialog } = await openForm('Create Key Pair', signedInBackend({ resources: { keypair: { getList: () => [makeKeypair({ name: 'taken' })], create } } }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), 'slow');
    await user.click(submitButton(dialog));
    await waitFor(() => expect((submitButton(dialog) as HTMLButtonElement).disabled).toBe(true));
    finish({ ...makeKeypair({ name: 'slow' }), private_key: PRIVATE_KEY });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Import Public Key (spec 2 §5, §8)', () => {
  it("imports the public key and toasts 'Successfully imported key pair <name>.'", async () => {
    const create = vi.fn(({ data }) => makeKeypair({ name: data.name, public_key: data.public_key }));
    const { user, dialog } = await openForm('Import Public Key', signedInBackend({ resources: { keypair: { getList: () => [makeKeypair({ name: 'taken' })], create } } }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), 'imported');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Public Key' }), { target: { value: 'ssh-rsa AAAA me@host' } });
    await user.click(within(dialog).getByRole('button', { name: 'Import Key Pair' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully imported key pair imported.');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'imported', key_type: 'ssh', public_key: 'ssh-rsa AAAA me@host' } }));
    expect(downloads).toHaveLength(0);
  });

  it('needs a public key', async () => {
    const { user, dialog } = await openForm('Import Public Key');
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), 'imported');
    await user.click(within(dialog).getByRole('textbox', { name: 'Public Key' }));
    await user.tab();
    expect(await within(dialog).findByText('Public Key is a required field')).toBeTruthy();
    expect(importButton(dialog).disabled).toBe(true);
  });

  it("allows only letters, digits, space, underscore and hyphen in the name (unlike create's range)", async () => {
    const { dialog } = await openForm('Import Public Key');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), { target: { value: 'a<b' } });
    expect(await within(dialog).findByText('Key Pair Name is formatted incorrectly')).toBeTruthy();
    expect(importButton(dialog).disabled).toBe(true);
  });

  it("toasts 'Unable to import the keypair.' when the call fails", async () => {
    const create = vi.fn(() => Promise.reject(new HttpError('Keypair data is invalid', 400, 'Keypair data is invalid')));
    const { user, dialog } = await openForm('Import Public Key', signedInBackend({ resources: { keypair: { getList: () => [makeKeypair({ name: 'taken' })], create } } }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Pair Name' }), 'bad-key');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Public Key' }), { target: { value: 'not a key' } });
    await user.click(within(dialog).getByRole('button', { name: 'Import Key Pair' }));
    expect(await within(dialog).findByText('Keypair data is invalid')).toBeTruthy();
    expect((await screen.findAllByRole('alert')).some((alert) => alert.textContent?.includes('Unable to import the keypair.'))).toBe(true);
  });
});
