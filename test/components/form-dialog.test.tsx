import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import FormDialog, { type FormDialogProps } from '../../src/forms/FormDialog';
import { runtimeValidator, type TestSchema } from '../support/form-validator';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', maxLength: 5, errorMessage: { maxLength: 'Ensure this value has at most 5 characters.' } },
    source_type: { type: 'string', title: 'Source Type', enum: ['image', 'volume'] },
    image: { type: 'string', title: 'Image', 'x-switch': { field: 'source_type', values: ['image'] } },
    count: { type: 'integer', title: 'Count', maximum: 3, 'x-widget': 'spinner' },
    size: { type: 'integer', title: 'Size', minimum: 10, multipleOf: 5, 'x-widget': 'spinner' },
    password: { type: 'string', title: 'Password' },
    confirm_password: { type: 'string', title: 'Confirm Password', 'x-confirms': 'password' },
  },
  required: ['name', 'image'],
} as TestSchema;

function open(props: Partial<FormDialogProps> = {}) {
  const onSubmit = vi.fn<FormDialogProps['onSubmit']>(async () => undefined);
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<FormDialog title="Test Form" schema={SCHEMA} validator={runtimeValidator()} onSubmit={onSubmit} onClose={onClose} {...props} />);
  const dialog = screen.getByRole('dialog', { name: 'Test Form' });
  const submit = () => within(dialog).getByRole('button', { name: props.submitLabel ?? 'Submit' }) as HTMLButtonElement;
  return { user, dialog, submit, onSubmit, onClose };
}

describe('modal form (spec 1 §4.1, §5, §8, §9)', () => {
  it("is size lg with the submit text 'Submit' by default", () => {
    const { dialog, submit } = open();
    expect(dialog.classList.contains('MuiDialog-paperWidthMd')).toBe(true); // 'lg' = Bootstrap's 900 px
    expect(submit()).toBeTruthy();
  });

  it('shows a field\'s help text as help text named after its input, not as a heading', () => {
    const schema = { type: 'object', properties: { cidr: { type: 'string', title: 'Network Address', description: 'Network address in CIDR format (e.g. 192.168.0.0/24).' } } } as TestSchema;
    const { dialog } = open({ schema });
    // The only heading is the dialog's title.
    expect(within(dialog).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Test Form']);
    const input = within(dialog).getByRole('textbox', { name: 'Network Address' });
    expect(document.getElementById(`${input.id}__description`)?.textContent).toBe('Network address in CIDR format (e.g. 192.168.0.0/24).');
  });

  it('keeps Submit disabled until the form is valid', async () => {
    const { user, dialog, submit } = open();
    expect(submit().disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'vm1');
    expect(submit().disabled).toBe(false); // the image is required only when shown
  });

  it('disables Submit and shows the wait spinner while submitting, then the submitted values go out', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, dialog, submit } = open({ onSubmit });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'vm1');
    await user.click(submit());
    await waitFor(() => expect(submit().disabled).toBe(true));
    expect(within(dialog).getByRole('status').textContent).toContain('Working');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'vm1' });
    finish();
  });

  it("shows 'There was an error submitting the form. Please try again.' when the submit fails without a message", async () => {
    const onSubmit = vi.fn(() => Promise.reject(new HttpError('500', 500, undefined)));
    const { user, dialog, submit } = open({ onSubmit });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'vm1');
    await user.click(submit());
    expect(await within(dialog).findByText('There was an error submitting the form. Please try again.')).toBeTruthy();
    expect(submit().disabled).toBe(false);
  });

  it("shows the schema's own message for a field once it is touched", async () => {
    const { user, dialog } = open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'toolong');
    expect(await within(dialog).findByText('Ensure this value has at most 5 characters.')).toBeTruthy();
  });

  it("uses the submit text and size the action gives", () => {
    const { dialog, submit } = open({ submitLabel: 'Create Flavor', size: 'md' });
    expect(submit().textContent).toBe('Create Flavor');
    expect(dialog.classList.contains('MuiDialog-paperWidthSm')).toBe(true);
  });

  it('opens prefilled with the initial values (edit forms)', () => {
    const { dialog } = open({ initialData: { name: 'old' } });
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('old');
  });
});

describe('switchable fields (spec 1 §4.2): required follows visibility', () => {
  it('shows the field only while the other field has the value, required only then, and never sends it hidden', async () => {
    const { user, dialog, submit, onSubmit } = open();
    expect(within(dialog).queryByRole('textbox', { name: /Image/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'vm1');
    expect(submit().disabled).toBe(false);

    await user.click(within(dialog).getByRole('combobox', { name: 'Source Type' }));
    await user.click(await screen.findByRole('option', { name: 'image' }));
    const image = within(dialog).getByRole('textbox', { name: /Image/ });
    expect((image as HTMLInputElement).required).toBe(true);
    expect(submit().disabled).toBe(true); // shown, so required again
    await user.type(image, 'cirros');
    expect(submit().disabled).toBe(false);

    await user.click(within(dialog).getByRole('combobox', { name: 'Source Type' }));
    await user.click(await screen.findByRole('option', { name: 'volume' }));
    expect(within(dialog).queryByRole('textbox', { name: /Image/ })).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'vm1', source_type: 'volume' }));
  });
});

describe('switchable fields take no room while hidden', () => {
  it('leaves no empty layout cell for a hidden field, only the shown fields', () => {
    const { dialog } = open();
    const cells = within(dialog).getByRole('textbox', { name: 'Name' }).closest('.MuiGrid-root')!.parentElement!.children;
    const laidOut = [...cells].filter((cell) => (cell as HTMLElement).style.display !== 'none');
    // name, source type, count, size, password, confirm password: not the hidden image field
    expect(laidOut).toHaveLength(6);
  });
});

describe('spinner inputs (spec 1 §5): min default 0, max, step default 1', () => {
  it('counts up by 1 from the default minimum 0 and stops at the maximum', async () => {
    const { user, dialog } = open();
    const count = within(dialog).getByRole('spinbutton', { name: 'Count' }) as HTMLInputElement;
    expect(count.min).toBe('0');
    expect(count.step).toBe('1');
    expect(count.max).toBe('3');
    const up = within(dialog).getByRole('button', { name: 'Increase Count' }) as HTMLButtonElement;
    await user.click(up);
    expect(count.value).toBe('0'); // an empty spinner starts at its minimum
    for (let i = 0; i < 3; i++) await user.click(up);
    expect(count.value).toBe('3');
    expect(up.disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Decrease Count' }));
    expect(count.value).toBe('2');
  });

  it('respects the schema minimum and its step (multipleOf)', async () => {
    const { user, dialog } = open();
    const size = within(dialog).getByRole('spinbutton', { name: 'Size' }) as HTMLInputElement;
    const up = within(dialog).getByRole('button', { name: 'Increase Size' });
    await user.click(up);
    expect(size.value).toBe('10');
    await user.click(up);
    expect(size.value).toBe('15');
    const down = within(dialog).getByRole('button', { name: 'Decrease Size' }) as HTMLButtonElement;
    await user.click(down);
    expect(size.value).toBe('10');
    expect(down.disabled).toBe(true);
  });
});

describe('confirm password (spec 1 §5)', () => {
  it("says 'Passwords do not match.' on the confirm field and blocks the submit until they match", async () => {
    const { user, dialog, submit } = open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'vm1');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Password' }), { target: { value: 'secret' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Confirm Password' }), { target: { value: 'secreT' } });
    expect(await within(dialog).findByText('Passwords do not match.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Confirm Password' }), { target: { value: 'secret' } });
    await waitFor(() => expect(within(dialog).queryByText('Passwords do not match.')).toBeNull());
    expect(submit().disabled).toBe(false);
  });
});
