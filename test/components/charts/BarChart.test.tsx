import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, barChartState } from '../../../src/charts/BarChart';

function chart(container: HTMLElement): HTMLElement {
  return container.querySelector('.bar-chart') as HTMLElement;
}

describe('bar chart data: used, average, max-value, tooltips', () => {
  it('takes used as a percentage when there is no max value', () => {
    expect(barChartState({ used: 30 }).used[0].percent).toBe(30);
    expect(barChartState({ used: 30 }).free).toBe(70);
  });

  it('rounds used to a whole percent of the max value', () => {
    expect(barChartState({ used: 5, maxValue: 8 }).used[0].percent).toBe(63);
  });

  it('keeps the average unrounded', () => {
    expect(barChartState({ used: 5, average: 1, maxValue: 8 }).average).toBe(12.5);
  });

  it('counts a used value that is not a number as 0', () => {
    expect(barChartState({ used: Number.NaN }).used[0].percent).toBe(0);
  });

  it('draws several used parts one after the other, each with its tooltip, without an average', () => {
    const state = barChartState({
      used: [
        { used_instances: 5, tooltip_used: 'web' },
        { used_instances: 15, tooltip_used: 'db' },
      ],
      average: 50,
    });
    expect(state.used).toEqual([
      { percent: 5, tooltip: 'web' },
      { percent: 15, tooltip: 'db' },
    ]);
    expect(state.free).toBe(80);
    expect(state.average).toBeUndefined();
  });
});

describe('BarChart', () => {
  it('is an image named by its tooltips and percentages', () => {
    render(<BarChart used={30} average={20} tooltipUsed="Used" tooltipFree="Free" tooltipAverage="Average" />);
    expect(screen.getByRole('img', { name: 'Used 30%, Free 70%, Average 20%' })).toBeTruthy();
  });

  it('says Used, Free and Average when no tooltips are given', () => {
    render(<BarChart used={40} />);
    expect(screen.getByRole('img', { name: 'Used 40%, Free 60%' })).toBeTruthy();
  });

  it('holds the used percentage in data-used-percent', () => {
    const { container } = render(<BarChart used={3} maxValue={4} />);
    expect(chart(container).getAttribute('data-used-percent')).toBe('75');
  });

  it('is horizontal by default, 100 by 20 pixels', () => {
    const { container } = render(<BarChart used={30} />);
    const svg = container.querySelector('svg');
    expect([svg?.getAttribute('width'), svg?.getAttribute('height')]).toEqual(['100', '20']);
  });

  it('draws the used and free parts', () => {
    const { container } = render(<BarChart used={30} animate={false} />);
    expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2);
  });

  it('marks the average with a line', () => {
    const { container } = render(<BarChart used={30} average={20} animate={false} />);
    expect(container.querySelector('.bar-chart-average')).not.toBeNull();
  });

  it('shows the used percentage to the left when the settings say so', () => {
    render(<BarChart used={30} settings={{ orientation: 'vertical', used_label_placement: 'left' }} />);
    expect(screen.getByText('30%')).toBeTruthy();
  });
});
