import { act, screen, waitFor } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { createRequestCounter } from '../../src/backend/http';
import { HEADER_LOAD_FAILED, sanitizeFragment } from '../../src/app/ExtensibleHeader';
import { REQUESTS_IN_FLIGHT_LABEL } from '../../src/app/RequestSpinner';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

const noKeypairs = { keypair: { getList: () => [] } };
const page = (parts: Parameters<typeof renderApp>[0]['parts']) =>
  renderApp({ backend: signedInBackend({ resources: noKeypairs }), path: '/project/key_pairs', parts });
const toastTexts = (toasts: ReturnType<typeof renderApp>['toasts']) => toasts.getSnapshot().map((toast) => `${toast.type}: ${toast.msg}`);

describe('request spinner (spec 1 §4.10)', () => {
  it('shows on the first request and hides when the last ends', async () => {
    const requests = createRequestCounter();
    page({ requests });
    await screen.findByText('No items to display.');
    expect(screen.queryByRole('progressbar', { name: REQUESTS_IN_FLIGHT_LABEL })).toBeNull();
    act(() => requests.start());
    expect(screen.getByRole('progressbar', { name: REQUESTS_IN_FLIGHT_LABEL })).toBeTruthy();
    act(() => requests.start());
    act(() => requests.end());
    expect(screen.getByRole('progressbar', { name: REQUESTS_IN_FLIGHT_LABEL })).toBeTruthy();
    act(() => requests.end());
    expect(screen.queryByRole('progressbar', { name: REQUESTS_IN_FLIGHT_LABEL })).toBeNull();
  });
});

describe('extensible header (spec 1 §2.1, §4.10, §8)', () => {
  it('loads header/ once at page start and shows its content in the header', async () => {
    const loadHeader = vi.fn(async () => '<span class="badge">Region maintenance tonight</span>');
    page({ loadHeader });
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner.textContent).toContain('Region maintenance tonight'));
    expect(loadHeader).toHaveBeenCalledOnce();
  });

  it("toasts 'Failed to populate extensible header.' as info when header/ fails", async () => {
    const { toasts } = page({ loadHeader: () => Promise.reject(new HttpError('Internal error', 500, 'Internal error')) });
    await waitFor(() => expect(toastTexts(toasts)).toEqual([`info: ${HEADER_LOAD_FAILED}`]));
    expect(HEADER_LOAD_FAILED).toBe('Failed to populate extensible header.');
  });

  it.each([401, 403, 0])('is silent when header/ answers status %i', async (status) => {
    const loadHeader = vi.fn(() => Promise.reject(new HttpError('no', status)));
    const { toasts } = page({ loadHeader });
    await screen.findByText('No items to display.');
    await waitFor(() => expect(loadHeader).toHaveBeenCalled());
    await act(async () => {});
    expect(toastTexts(toasts)).toEqual([]);
  });

  it('shows nothing when the server answers with the whole page instead of a fragment', async () => {
    page({ loadHeader: async () => '<!doctype html><html><body><div id="root"></div></body></html>' });
    await screen.findByText('No items to display.');
    expect(document.querySelector('[data-extensible-header]')).toBeNull();
  });

  it('drops scripts, event handlers and javascript: links from the fragment', () => {
    expect(sanitizeFragment('<a href="/help" onclick="steal()">Help</a><script>steal()</script><a href="javascript:steal()">x</a>')).toBe(
      '<a href="/help">Help</a><a>x</a>',
    );
  });
});
