import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import keypair from '../../resources/keypair';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded up front: the route imports it lazily, which would otherwise race the fake clock.
import '../../src/engine/ResourceListPage';

// A key pair list whose rows carry a status, as servers or images do.
const polled: AnyResourceDescriptor = { ...keypair, poll: { field: 'status', values: ['BUILD'] } };

beforeEach(() => {
  // Fake timeouts that also follow real time, so the app's own short timeouts run; the
  // assertions leave a 300 ms margin for that drift around each poll time.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Waits in real time (the fake clock follows it) for `check` to pass. */
const until = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000, interval: 20 });

async function openList(getOne: (params: { id: string }) => unknown, settings: Record<string, unknown> = {}) {
  const calls: string[] = [];
  renderApp({
    backend: signedInBackend({
      settings,
      resources: {
        keypair: {
          getList: () => [makeKeypair({ name: 'busy', status: 'BUILD' }), makeKeypair({ name: 'done', status: 'ACTIVE' })],
          getOne: (params: { id: string }) => {
            calls.push(params.id);
            return getOne(params);
          },
        },
      },
    }),
    path: '/project/key_pairs',
    descriptors: [polled],
  });
  const table = await until(() => screen.getByRole('table', { name: 'Key Pairs' }));
  await until(() => within(table).getByRole('link', { name: 'busy' }));
  return { table, calls };
}

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe('row polling (spec 1 §4.1, §8, §9)', () => {
  it('shows a progress bar on a transitional row only, and re-fetches it after 2500 ms, then 5000 ms more', async () => {
    let answers = 0;
    const { calls } = await openList(() => makeKeypair({ name: 'busy', status: ++answers < 2 ? 'BUILD' : 'ACTIVE' }));
    expect(screen.getByRole('progressbar', { name: 'Updating busy' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Updating done' })).toBeNull();
    await tick(2200);
    expect(calls).toEqual([]);
    await tick(600);
    expect(calls).toEqual(['busy']); // only the transitional row
    await tick(4400);
    expect(calls).toEqual(['busy']);
    await tick(600);
    expect(calls).toEqual(['busy', 'busy']);
    await until(() => expect(screen.queryByRole('progressbar', { name: 'Updating busy' })).toBeNull());
    await tick(60_000);
    expect(calls).toHaveLength(2); // settled: no more polling
  });

  it('takes the interval from the AJAX_POLL_INTERVAL setting', async () => {
    const { calls } = await openList(() => makeKeypair({ name: 'busy', status: 'BUILD' }), { AJAX_POLL_INTERVAL: 1000 });
    await tick(700);
    expect(calls).toEqual([]);
    await tick(600);
    expect(calls).toEqual(['busy']);
    await tick(2000);
    expect(calls).toEqual(['busy', 'busy']);
  });

  it('caps the growing interval at 30 s', async () => {
    const { calls } = await openList(() => makeKeypair({ name: 'busy', status: 'BUILD' }), { AJAX_POLL_INTERVAL: 20_000 });
    await tick(20_300);
    expect(calls).toHaveLength(1);
    await tick(29_400); // round 2 would be 40 s without the cap
    expect(calls).toHaveLength(1);
    await tick(600);
    expect(calls).toHaveLength(2);
  });

  it("removes a row that answers 404, and shows 'No items to display.' when the table empties", async () => {
    const { table } = await openList(() => {
      throw httpError(404);
    });
    await tick(2500);
    await until(() => expect(within(table).queryByRole('link', { name: 'busy' })).toBeNull());
    expect(within(table).getByRole('link', { name: 'done' })).toBeTruthy();
  });

  it("shows 'No items to display.' once the last polled row is gone", async () => {
    renderApp({
      backend: signedInBackend({
        resources: { keypair: { getList: () => [makeKeypair({ name: 'only', status: 'BUILD' })], getOne: () => Promise.reject(httpError(404)) } },
      }),
      path: '/project/key_pairs',
      descriptors: [polled],
    });
    await until(() => screen.getByRole('link', { name: 'only' }));
    await tick(2500);
    await until(() => screen.getByText('No items to display.'));
  });

  it("stops updating a row on any other error and logs 'An error occurred while updating.'", async () => {
    // components-setup fails a test on console.error; this error is the expected one, so it gets its own spy.
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { table, calls } = await openList(() => {
      throw httpError(500);
    });
    await tick(2500);
    await until(() => expect(screen.queryByRole('progressbar', { name: 'Updating busy' })).toBeNull());
    expect(within(table).getByRole('link', { name: 'busy' })).toBeTruthy();
    expect(error.mock.calls.map((call) => call[0])).toEqual(['An error occurred while updating.']);
    await tick(60_000);
    expect(calls).toEqual(['busy']);
  });
});
