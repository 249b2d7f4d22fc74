import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuotaChart, quotaChartData } from '../../../src/charts/QuotaChart';

function chart(container: HTMLElement): HTMLElement {
  return container.querySelector('.pie-chart') as HTMLElement;
}

describe('quota chart data', () => {
  it('shows percent as rounded (used+added)/max*100', () => {
    expect(quotaChartData({ title: 'Total Instances', used: 1, added: 1, max: 8 }).label).toBe('25%');
    expect(quotaChartData({ title: 'Total VCPUs', used: 1, added: 0, max: 3 }).label).toBe('33%');
  });

  it('is flagged over max above 100', () => {
    expect(quotaChartData({ title: 'Total Instances', used: 10, added: 0, max: 10 }).overMax).toBe(false);
    expect(quotaChartData({ title: 'Total Instances', used: 10, added: 1, max: 10 }).overMax).toBe(true);
  });

  it('has Current Usage, Added and Remaining slices, remaining never below 0', () => {
    const data = quotaChartData({ title: 'Total Instances', used: 9, added: 2, max: 10 });
    expect(data.slices.map((slice) => [slice.label, slice.value])).toEqual([
      ['Current Usage', 9],
      ['Added', 2],
      ['Remaining', 0],
    ]);
  });

  it("shows an unlimited quota as 'Unlimited' without a ring", () => {
    const data = quotaChartData({ title: 'Total Instances', used: 3, added: 1, max: -1 });
    expect(data.label).toBe('Unlimited');
    expect(data.showChart).toBe(false);
    expect(data.overMax).toBe(false);
    expect(data.slices[2].display).toBe('Unlimited');
  });

  it('reads a quota of 0 as full, over max once anything is added', () => {
    expect(quotaChartData({ title: 'Total Instances', max: 0 }).label).toBe('100%');
    expect(quotaChartData({ title: 'Total Instances', added: 1, max: 0 }).overMax).toBe(true);
  });
});

describe('QuotaChart', () => {
  it('shows the title with its maximum, the percentage and the legend', () => {
    render(<QuotaChart title="Total Instances" used={1} added={1} max={8} />);
    expect(screen.getByText('Total Instances (8 Max)')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    expect(screen.getByText('Current Usage')).toBeTruthy();
    expect(screen.getByText('Added')).toBeTruthy();
    expect(screen.getByText('Remaining')).toBeTruthy();
  });

  it('is nearly full at 80 percent', () => {
    const { container } = render(<QuotaChart title="Total VCPUs" used={7} added={1} max={10} />);
    expect(chart(container).getAttribute('data-fill')).toBe('nearly-full');
  });

  it('is full at 100 percent', () => {
    const { container } = render(<QuotaChart title="Total VCPUs" used={9} added={1} max={10} />);
    expect(chart(container).getAttribute('data-fill')).toBe('full');
    expect(chart(container).getAttribute('data-over-max')).toBeNull();
  });

  it('is flagged over max above 100 percent', () => {
    const { container } = render(<QuotaChart title="Total VCPUs" used={10} added={2} max={10} />);
    expect(chart(container).getAttribute('data-over-max')).toBe('true');
    expect(screen.getByText('120%')).toBeTruthy();
  });

  it('shows units in the title and legend', () => {
    render(<QuotaChart title="Total RAM" used={2048} added={512} max={4096} unit="MB" />);
    expect(screen.getByText('Total RAM (4096 MB Max)')).toBeTruthy();
    expect(screen.getByText('2048 MB')).toBeTruthy();
  });

  it("says 'Unlimited' for an unlimited quota", () => {
    render(<QuotaChart title="Total Instances" used={3} max={Infinity} />);
    expect(screen.getByText('Total Instances (Unlimited)')).toBeTruthy();
    expect(screen.getByText('Unlimited')).toBeTruthy();
  });
});
