import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../src/toasts/context';
import { createToastStore, type ToastStore } from '../../src/toasts/store';
import { Toaster } from '../../src/toasts/Toaster';

let toasts: ToastStore;
function renderToaster() {
  toasts = createToastStore();
  render(
    <ToastContext.Provider value={toasts}>
      <Toaster />
    </ToastContext.Provider>,
  );
}
const shown = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts (spec 1 §4.8, §9)', () => {
  it("stores type 'error' as 'danger'", () => {
    toasts = createToastStore();
    toasts.add('error', 'Unable to create the keypair.');
    expect(toasts.getSnapshot()).toEqual([expect.objectContaining({ type: 'danger', typeMsg: 'Error', msg: 'Unable to create the keypair.' })]);
  });

  it('dismisses success and info toasts after 3000 ms', () => {
    renderToaster();
    act(() => {
      toasts.success('Key pair k1 was successfully created.');
      toasts.info('Scheduled.');
    });
    expect(shown()).toEqual(['Success: Key pair k1 was successfully created.', 'Info: Scheduled.']);
    act(() => vi.advanceTimersByTime(2999));
    expect(shown()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('keeps danger and warning toasts until the user closes them', () => {
    renderToaster();
    act(() => {
      toasts.error('Unable to delete Key Pair: k1.');
      toasts.warning('Policy check failed.');
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toEqual(['Error: Unable to delete Key Pair: k1.', 'Warning: Policy check failed.']);
    fireEvent.click(within(screen.getAllByRole('alert')[0]).getByRole('button', { name: 'Close' }));
    expect(shown()).toEqual(['Warning: Policy check failed.']);
  });

  it('adds a toast with the same content only if it is not already shown', () => {
    renderToaster();
    act(() => {
      toasts.error('Unauthorized. Redirecting to login');
      toasts.error('Unauthorized. Redirecting to login');
      toasts.success('Unauthorized. Redirecting to login'); // another type is other content
    });
    expect(shown()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(3000));
    act(() => toasts.success('Unauthorized. Redirecting to login'));
    expect(shown()).toHaveLength(2);
  });

  it('clears all, only errors or only successes', () => {
    toasts = createToastStore();
    const add = () => {
      toasts.success('done');
      toasts.error('failed');
      toasts.info('note');
    };
    add();
    toasts.clearErrors();
    expect(toasts.getSnapshot().map((toast) => toast.type)).toEqual(['success', 'info']);
    toasts.clearSuccesses();
    expect(toasts.getSnapshot().map((toast) => toast.type)).toEqual(['info']);
    add();
    toasts.clearAll();
    expect(toasts.getSnapshot()).toEqual([]);
  });

  it('lets the user cancel a success toast before its 3000 ms are up', () => {
    renderToaster();
    act(() => toasts.success('Key pair k1 was successfully created.'));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(shown()).toEqual([]);
    act(() => toasts.success('Key pair k1 was successfully created.')); // shown again, for a full 3000 ms
    act(() => vi.advanceTimersByTime(2999));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it("prefixes each toast with its type ('Danger: ', 'Error: ', 'Warning: ')", () => {
    renderToaster();
    act(() => {
      toasts.add('danger', 'Instance is locked.');
      toasts.add('error', 'Unable to lock the instance.');
      toasts.add('warning', 'Quota nearly full.');
    });
    expect(shown()).toEqual(['Danger: Instance is locked.', 'Error: Unable to lock the instance.', 'Warning: Quota nearly full.']);
  });

  it("clears errors added as 'danger' and as 'error' alike, and leaves warnings", () => {
    toasts = createToastStore();
    toasts.add('danger', 'a');
    toasts.add('error', 'b');
    toasts.warning('c');
    toasts.clearErrors();
    expect(toasts.getSnapshot().map((toast) => toast.msg)).toEqual(['c']);
  });

  it("treats an 'error' and a 'danger' toast of the same text as the same content", () => {
    toasts = createToastStore();
    toasts.add('danger', 'Unable to delete.');
    toasts.add('error', 'Unable to delete.');
    expect(toasts.getSnapshot()).toHaveLength(1);
  });
});
