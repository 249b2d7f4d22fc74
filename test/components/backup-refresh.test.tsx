import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import backupPlan from '../../resources/backup-plan';
import backup from '../../resources/backup';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded up front: the route imports it lazily, which would otherwise race the fake clock.
import '../../src/engine/ResourceListPage';

/** Spec 3 §4.3, §9.3: the plan list and the backup list refresh every 60 s, through the engine's list query (descriptor `refresh`). */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const until = <T,>(check: () => T) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

describe('auto-refresh (spec 3 §4.3)', () => {
  it.each([
    ['backup plans', backupPlan, '/project/duratus_job', 'Backup plans', { id: 'p1', name: 'nightly', enable: true, job_type: 'backup', description_short: '' }],
    ['backups', backup, '/project/duratus_backup', 'Backups', { id: 'v1', name: 'nightly', disk_id: 'v1', backup_size_text: '1.00 GB' }],
  ])('fetches the %s list again after 60 s, not before', async (_what, descriptor, path, table, row) => {
    let lists = 0;
    renderApp({
      backend: signedInBackend({ catalog: makeCatalog(['identity', 'volumev3']), resources: { [descriptor.name]: { getList: () => (lists++, [row]) } } }),
      path,
      descriptors: [descriptor],
    });
    await until(() => within(screen.getByRole('table', { name: table })).getByText('nightly'));
    const first = lists;
    await tick(58_000);
    expect(lists).toBe(first);
    await tick(2_500);
    expect(lists).toBe(first + 1);
  });
});
