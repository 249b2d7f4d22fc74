import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Membership } from '../../src/transfer/membership';
import { MembershipTable } from '../../src/transfer/MembershipTable';
import { TransferTable } from '../../src/transfer/TransferTable';

const PROJECTS = [
  { id: 'p-admin', label: 'admin' },
  { id: 'p-demo', label: 'demo' },
  { id: 'p-alt', label: 'alt_demo' },
];

function Harness({ maxAllocation, initial = [] }: { maxAllocation?: number; initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <TransferTable
      items={PROJECTS}
      value={value}
      onChange={setValue}
      maxAllocation={maxAllocation}
      availableTitle="All Projects"
      allocatedTitle="Selected Projects"
      noAllocatedText="No projects selected. All projects can use the flavor."
    />
  );
}

const listOf = (title: string) => screen.getByRole('region', { name: title });
const namesIn = (title: string) => within(listOf(title)).queryAllByRole('listitem').map((item) => item.textContent);

describe('transfer table (spec 1 §3, §4.9)', () => {
  it('moves an item from available to allocated and back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(within(listOf('Selected Projects')).getByText('No projects selected. All projects can use the flavor.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Allocate demo' }));
    expect(namesIn('Selected Projects')).toEqual(['demo']);
    expect(namesIn('All Projects')).toEqual(['admin', 'alt_demo']);
    await user.click(screen.getByRole('button', { name: 'Remove demo' }));
    expect(namesIn('All Projects')).toEqual(['admin', 'demo', 'alt_demo']);
  });

  it('allocates without limit while the maximum allocation is negative', async () => {
    const user = userEvent.setup();
    render(<Harness maxAllocation={-1} />);
    for (const name of ['admin', 'demo', 'alt_demo']) await user.click(screen.getByRole('button', { name: `Allocate ${name}` }));
    expect(namesIn('Selected Projects')).toEqual(['admin', 'demo', 'alt_demo']);
  });

  it('stops allocating once the maximum allocation is reached', async () => {
    const user = userEvent.setup();
    render(<Harness maxAllocation={2} />);
    await user.click(screen.getByRole('button', { name: 'Allocate admin' }));
    expect((screen.getByRole('button', { name: 'Allocate demo' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Allocate demo' }));
    expect((screen.getByRole('button', { name: 'Allocate alt_demo' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('replaces the allocated item when the maximum allocation is 1', async () => {
    const user = userEvent.setup();
    render(<Harness maxAllocation={1} initial={['p-admin']} />);
    await user.click(screen.getByRole('button', { name: 'Allocate demo' }));
    expect(namesIn('Selected Projects')).toEqual(['demo']);
    expect(namesIn('All Projects')).toEqual(['admin', 'alt_demo']);
  });

  it('filters the available list by the typed text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(within(listOf('All Projects')).getByRole('textbox', { name: 'Filter' }), 'DEMO');
    expect(namesIn('All Projects')).toEqual(['demo', 'alt_demo']);
  });
});

describe('membership step (spec 1 §3, §6, §9)', () => {
  afterEach(() => vi.useRealTimers());

  function Members({ onChange }: { onChange?: (membership: Membership) => void }) {
    const [value, setValue] = useState<Membership>({ 'u-admin': ['r-admin'] });
    return (
      <MembershipTable
        members={[
          { id: 'u-admin', label: 'admin' },
          { id: 'u-demo', label: 'demo' },
          { id: 'u-nova', label: 'nova' },
        ]}
        roles={[
          { id: 'r-admin', name: 'admin' },
          { id: 'r-member', name: 'member' },
        ]}
        defaultRole="r-member"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        availableTitle="All Users"
        allocatedTitle="Project Members"
      />
    );
  }

  it('gives an added member the default role, and lets a member hold several roles', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Members onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Allocate demo' }));
    expect(onChange).toHaveBeenLastCalledWith({ 'u-admin': ['r-admin'], 'u-demo': ['r-member'] });
    expect((screen.getByRole('checkbox', { name: 'member role of demo' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'admin role of demo' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'admin role of demo' }));
    expect(onChange).toHaveBeenLastCalledWith({ 'u-admin': ['r-admin'], 'u-demo': ['r-member', 'r-admin'] });
  });

  it('filters the member list 200 ms after typing, not before', () => {
    vi.useFakeTimers();
    render(<Members />);
    fireEvent.change(within(listOf('All Users')).getByRole('textbox', { name: 'Filter' }), { target: { value: 'nov' } });
    act(() => vi.advanceTimersByTime(199));
    expect(namesIn('All Users')).toEqual(['demo', 'nova']);
    act(() => vi.advanceTimersByTime(1));
    expect(namesIn('All Users')).toEqual(['nova']);
  });
});
