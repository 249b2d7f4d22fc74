import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeSeries, formatSampleValue, LineChart, type LineChartSeries } from '../../../src/charts/LineChart';

const series: LineChartSeries[] = [
  {
    name: 'instance-00000005',
    unit: '%',
    data: [
      { x: '2013-08-21T11:22:25', y: 17 },
      { x: '2013-08-21T11:32:25', y: 21.456 },
    ],
  },
  {
    name: 'instance-00000006',
    unit: '%',
    data: [{ x: '2013-08-21T11:22:25', y: 3 }],
  },
];

describe('LineChart', () => {
  it("shows 'No data available.' when there are no series", () => {
    render(<LineChart series={[]} width={400} height={200} />);
    expect(screen.getByText('No data available.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows 'No data available.' when the series have no samples", () => {
    render(<LineChart series={[{ name: 'cpu_util', data: [] }]} width={400} height={200} />);
    expect(screen.getByText('No data available.')).toBeTruthy();
  });

  it("shows 'No data available.' when the chart data could not be loaded", () => {
    render(<LineChart series={series} error width={400} height={200} />);
    expect(screen.getByText('No data available.')).toBeTruthy();
  });

  it('draws one line per series', () => {
    const { container } = render(<LineChart series={series} width={400} height={200} animate={false} />);
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(2);
  });

  it('shows a legend of series names', () => {
    render(<LineChart series={series} width={400} height={200} />);
    expect(screen.getByText('instance-00000005')).toBeTruthy();
    expect(screen.getByText('instance-00000006')).toBeTruthy();
  });

  it('is an image whose name summarises each series', () => {
    render(<LineChart title="CPU utilisation" series={series.slice(1)} width={400} height={200} />);
    expect(
      screen.getByRole('img', {
        name: 'CPU utilisation: instance-00000006: 1 sample from 2013-08-21 11:22:25 GMT to 2013-08-21 11:22:25 GMT, values 3 to 3 %',
      }),
    ).toBeTruthy();
  });

  it('draws the stats as a bar chart beside the lines', () => {
    render(<LineChart series={series} stats={{ used: 30, average: 20 }} width={400} height={200} />);
    expect(screen.getByRole('img', { name: 'Used 30%, Free 70%, Average 20%' })).toBeTruthy();
  });

  it('marks the last point when the settings ask for it', () => {
    const { container } = render(
      <LineChart series={series} settings={{ higlight_last_point: true }} width={400} height={200} animate={false} />,
    );
    expect(container.querySelector('.line-chart-last-point')).not.toBeNull();
  });

  it('shows the time and value axes by default', () => {
    const { container } = render(<LineChart series={series} width={400} height={200} animate={false} />);
    expect(container.querySelector('.recharts-xAxis')).not.toBeNull();
    expect(container.querySelector('.recharts-yAxis')).not.toBeNull();
  });

  it('hides the axes the settings turn off', () => {
    const { container } = render(
      <LineChart series={series} settings={{ axes_x: false, axes_y: false }} width={400} height={200} animate={false} />,
    );
    expect(container.querySelector('.recharts-xAxis')).toBeNull();
    expect(container.querySelector('.recharts-yAxis')).toBeNull();
  });

  it('draws areas with the area renderer', () => {
    const { container } = render(
      <LineChart series={series} settings={{ renderer: 'area' }} width={400} height={200} animate={false} />,
    );
    expect(container.querySelectorAll('.recharts-area')).toHaveLength(2);
  });

  it('fills its container when given no width', () => {
    const { container } = render(<LineChart series={series} height={200} />);
    expect(container.querySelector('.recharts-responsive-container')).not.toBeNull();
  });
});

describe('line chart hover detail', () => {
  it('prints whole values as they are and others with two decimals', () => {
    expect(formatSampleValue(171)).toBe('171');
    expect(formatSampleValue(21.456)).toBe('21.46');
  });

  it('describes a series without samples', () => {
    expect(describeSeries({ name: 'cpu_util', data: [] })).toBe('cpu_util: no samples');
  });
});
