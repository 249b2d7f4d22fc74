import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeInstance } from '../support/instance-records';
import { renderApp } from '../support/render-app';

/** jsdom lays nothing out: a table box `boxWidth` wide whose content is 120 px per header cell. */
function layOut(boxWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('MuiTableContainer-root') ? boxWidth : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('MuiTableContainer-root') ? this.querySelectorAll('thead th').length * 120 : 0;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('column priority by the room the table has (spec 1 §9)', () => {
  it('hides low-priority instance columns until the table fits, keeping the row menu', async () => {
    layOut(1100);
    renderApp({
      backend: signedInBackend({ resources: { instance: { getList: () => [makeInstance({ name: 'web' })] } } }),
      path: '/project/instances',
    });
    const table = await screen.findByRole('table', { name: 'Instances' });
    await within(table).findByRole('link', { name: 'web' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    // 9 header cells of 120 px fit in 1,100: the three rightmost priority-2 columns go (Age, Availability Zone, Key Pair).
    expect(headers.length * 120).toBeLessThanOrEqual(1100);
    expect(headers).not.toContain('Age');
    expect(headers).not.toContain('Availability Zone');
    expect(headers).not.toContain('Key Pair');
    expect(headers).toContain('Image Name');
    expect(headers).toEqual(expect.arrayContaining(['Instance Name', 'IP Address', 'Status', 'Task', 'Power State', 'Actions']));
    expect(within(table).getByRole('button', { name: 'Actions for web' })).toBeTruthy();
  });
});
