import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../support/media-query';
import { DONUT_CHART_SETTINGS, PIE_CHART_SETTINGS, PieChart, pieChartTitle } from '../../../src/charts/PieChart';

const slices = [
  { label: 'Compute', value: 2 },
  { label: 'Storage', value: 1 },
];

function chart(container: HTMLElement): HTMLElement {
  return container.querySelector('.pie-chart') as HTMLElement;
}

describe('PieChart', () => {
  it('has donut radii 24/36 and pie radii 0/30', () => {
    expect([DONUT_CHART_SETTINGS.innerRadius, DONUT_CHART_SETTINGS.outerRadius]).toEqual([24, 36]);
    expect([PIE_CHART_SETTINGS.innerRadius, PIE_CHART_SETTINGS.outerRadius]).toEqual([0, 30]);
  });

  it('draws a donut 72 pixels wide and a pie 60 pixels wide', () => {
    const { container, rerender } = render(<PieChart slices={slices} />);
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('72');
    rerender(<PieChart slices={slices} variant="pie" />);
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('60');
  });

  it('draws one sector per slice', () => {
    const { container } = render(<PieChart slices={slices} variant="pie" animate={false} />);
    // The grey ring under the slices is one more sector.
    expect(container.querySelectorAll('.recharts-sector')).toHaveLength(3);
  });

  it('draws the slices at once when the user prefers reduced motion, and grows them in otherwise', () => {
    const { container } = render(<PieChart slices={slices} />);
    expect(container.querySelectorAll('.recharts-sector')).toHaveLength(3);
    cleanup();
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, false));
    const animated = render(<PieChart slices={slices} />).container;
    expect(animated.querySelectorAll('.recharts-sector').length).toBeLessThan(3);
  });

  it('shows a legend with the value and label of each slice', () => {
    render(<PieChart slices={slices} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['2Compute', '1Storage']);
  });

  it('leaves hidden keys out of the legend', () => {
    render(<PieChart slices={[...slices, { label: 'Spare', value: 4, hideKey: true }]} />);
    expect(screen.queryByText('Spare')).toBeNull();
  });

  it('titles the chart with its total, or its maximum when it has one', () => {
    const { rerender } = render(<PieChart title="Hosts" slices={slices} />);
    expect(screen.getByText('Hosts (3 Total)')).toBeTruthy();
    rerender(<PieChart title="Hosts" slices={slices} maxLimit={10} />);
    expect(screen.getByText('Hosts (10 Max)')).toBeTruthy();
  });

  it('shows the label in the centre', () => {
    render(<PieChart slices={slices} label="67%" />);
    expect(screen.getByText('67%')).toBeTruthy();
  });

  it('is an image whose name summarises its values', () => {
    render(<PieChart title="Hosts" slices={slices} />);
    expect(screen.getByRole('img', { name: 'Hosts (3 Total), 2 Compute, 1 Storage' })).toBeTruthy();
  });

  it('is nearly full at 80 percent', () => {
    const { container } = render(<PieChart slices={slices} usedPercent={80} />);
    expect(chart(container).getAttribute('data-fill')).toBe('nearly-full');
  });

  it('is full at 100 percent', () => {
    const { container } = render(<PieChart slices={slices} usedPercent={100} />);
    expect(chart(container).getAttribute('data-fill')).toBe('full');
  });

  it('is not nearly full below 80 percent', () => {
    const { container } = render(<PieChart slices={slices} usedPercent={79} />);
    expect(chart(container).getAttribute('data-fill')).toBe('normal');
  });

  it('flags a chart over its maximum as danger', () => {
    const { container } = render(<PieChart slices={slices} overMax />);
    expect(chart(container).classList.contains('danger')).toBe(true);
    expect(chart(container).getAttribute('data-over-max')).toBe('true');
  });

  it('shows only the title and legend when told not to draw the chart', () => {
    const { container } = render(<PieChart title="Hosts" slices={slices} showChart={false} />);
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText('Compute')).toBeTruthy();
  });

  it('leaves a total of 0 out of the title', () => {
    expect(pieChartTitle('Hosts', [{ label: 'Compute', value: 0 }])).toBe('Hosts (Total)');
  });
});
