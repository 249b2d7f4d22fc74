import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import {
  Area,
  CartesianGrid,
  Line,
  ComposedChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate, formatUtcTimestamp, parseTimestamp } from '../utils/dates';
import { CHART_ANIMATION_MS, useChartAnimation } from './animation';
import { BarChart, type BarChartSegment, type BarChartSettings } from './BarChart';
import { ChartLegend } from './ChartLegend';
import { CHART_RESIZE_DEBOUNCE_MS, chartColor } from './palette';
import { NO_DATA_TEXT } from './texts';

/** One sample: `x` is a UTC timestamp (spec 1 §3), as text (`2013-08-21T11:22:25`), epoch ms or Date. */
export interface LineChartPoint {
  x: string | number | Date;
  y: number;
}

/** One line. */
export interface LineChartSeries {
  name: string;
  unit?: string;
  data: LineChartPoint[];
  /** The line colour; by default the palette colour of its position. */
  color?: string;
}

/** Aggregates sent with the series; when `used` is given they are drawn as a bar chart beside the lines. */
export interface LineChartStats {
  used?: number | BarChartSegment[];
  average?: number;
  max_value?: number;
  tooltip_used?: string;
  tooltip_free?: string;
  tooltip_average?: string;
}

/** Chart settings, with the names the chart data URL sends (`higlight_last_point` is spelled as sent). */
export interface LineChartSettings {
  /** 'line' (default), 'area', or 'StaticAxes' (a line whose axes keep yMin/yMax and xMin/xMax). */
  renderer?: string;
  /** Show the time axis. Default true. */
  axes_x?: boolean;
  /** Show the value axis. Default true. */
  axes_y?: boolean;
  /** Show the value axis's tick labels. Default true. */
  axes_y_label?: boolean;
  /** 'linear' (default), 'step-after', 'step-before', 'cardinal', 'basis', 'monotone'. */
  interpolation?: string;
  yMin?: number;
  yMax?: number;
  /** UTC timestamps bounding the time axis. */
  xMin?: string;
  xMax?: string;
  /** Mark the last sample with a dot. Default false. */
  higlight_last_point?: boolean;
  /** Settings of the bar chart drawn from `stats`. */
  bar_chart_settings?: BarChartSettings;
}

/** Props of {@link LineChart}: the chart data (series, stats, settings) plus display options. */
export interface LineChartProps {
  series: LineChartSeries[];
  stats?: LineChartStats;
  settings?: LineChartSettings;
  /** Names the chart for screen readers. */
  title?: string;
  /** The data could not be loaded: shows 'No data available.' (the caller raises the alert). */
  error?: boolean;
  /** Fixed width; without it the chart fills its container and redraws 400 ms after a resize. */
  width?: number;
  /** Height of the plot; default 300. */
  height?: number;
  /** Show the legend of series names. Default true. */
  showLegend?: boolean;
  /** Draw the lines in; by default unless the user prefers reduced motion. */
  animate?: boolean;
}

type CurveType = 'linear' | 'stepAfter' | 'stepBefore' | 'natural' | 'basis' | 'monotone';

const CURVES: Record<string, CurveType> = {
  linear: 'linear',
  'step-after': 'stepAfter',
  'step-before': 'stepBefore',
  cardinal: 'natural',
  basis: 'basis',
  monotone: 'monotone',
};

const DAY_MS = 86_400_000;

/**
 * A sample value as the hover detail prints it: whole numbers as they are, others with two
 * decimals.
 *
 * @example
 * formatSampleValue(171);    // '171'
 * formatSampleValue(0.1234); // '0.12'
 */
export function formatSampleValue(y: number): string {
  return y % 1 === 0 ? String(y) : y.toFixed(2);
}

/**
 * Whether there is anything to draw: at least one series with at least one sample.
 *
 * @example
 * hasLineData([{ name: 'cpu_util', data: [] }]); // false
 */
export function hasLineData(series: readonly LineChartSeries[]): boolean {
  return series.some((line) => line.data.length > 0);
}

/**
 * One sentence per series for screen readers: samples, time span and value range.
 *
 * @example
 * describeSeries({ name: 'cpu_util', unit: '%', data: [{ x: '2013-08-21T11:22:25', y: 5 }] });
 * // 'cpu_util: 1 sample from 2013-08-21 11:22:25 GMT to 2013-08-21 11:22:25 GMT, values 5 to 5 %'
 */
export function describeSeries(line: LineChartSeries): string {
  const times = line.data.map((point) => parseTimestamp(point.x)?.getTime()).filter((time): time is number => time !== undefined);
  const values = line.data.map((point) => point.y);
  if (times.length === 0) return `${line.name}: no samples`;
  const count = `${line.data.length} ${line.data.length === 1 ? 'sample' : 'samples'}`;
  const span = `from ${formatUtcTimestamp(Math.min(...times))} to ${formatUtcTimestamp(Math.max(...times))}`;
  const range = `values ${formatSampleValue(Math.min(...values))} to ${formatSampleValue(Math.max(...values))}${line.unit ? ` ${line.unit}` : ''}`;
  return `${line.name}: ${count} ${span}, ${range}`;
}

/** Rows keyed by time, one column per series (`s0`, `s1`…), so a shared tooltip sees every line. */
function toRows(series: readonly LineChartSeries[]): Record<string, number>[] {
  const rows = new Map<number, Record<string, number>>();
  series.forEach((line, index) => {
    for (const point of line.data) {
      const time = parseTimestamp(point.x)?.getTime();
      if (time === undefined) continue;
      const row = rows.get(time) ?? { x: time };
      row[`s${index}`] = point.y;
      rows.set(time, row);
    }
  });
  return [...rows.values()].sort((a, b) => a.x - b.x);
}

interface HoverDetailProps {
  active?: boolean;
  payload?: ReadonlyArray<{ dataKey?: unknown; value?: unknown }>;
  label?: string | number;
  series: readonly LineChartSeries[];
}

/** The hover detail: "name: value unit" per series, then the sample time in GMT. */
function HoverDetail({ active, payload, label, series }: HoverDetailProps) {
  if (!active || !payload?.length) return null;
  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, px: 1, py: 0.5 }}>
      {payload.map((item) => {
        const line = series[Number(String(item.dataKey).slice(1))];
        return (
          <Typography key={String(item.dataKey)} variant="caption" component="div">
            {line?.name}: {formatSampleValue(Number(item.value))}
            {line?.unit ? ` ${line.unit}` : ''}
          </Typography>
        );
      })}
      <Typography variant="caption" component="div" color="text.secondary">
        {formatUtcTimestamp(Number(label))}
      </Typography>
    </Box>
  );
}

/**
 * A time series chart of the data a chart URL returns: `series` (name, unit, samples at UTC
 * times), `stats` (drawn as a bar chart beside the lines) and `settings`. With no samples, or
 * on `error`, it shows 'No data available.' instead.
 *
 * @example
 * <LineChart
 *   title="CPU utilisation"
 *   series={[{ name: 'instance-00000005', unit: '%', data: [{ x: '2013-08-21T11:22:25', y: 17 }, { x: '2013-08-21T11:32:25', y: 21 }] }]}
 *   stats={{ used: 30, average: 20 }}
 *   settings={{ higlight_last_point: true }}
 * />
 */
export function LineChart({
  series,
  stats,
  settings = {},
  title,
  error = false,
  width,
  height = 300,
  showLegend = true,
  animate,
}: LineChartProps) {
  const animated = useChartAnimation(animate);
  if (error || !hasLineData(series)) {
    return (
      <Typography className="line-chart-no-data" color="text.secondary" sx={{ py: 2 }}>
        {NO_DATA_TEXT}
      </Typography>
    );
  }

  const rows = toRows(series);
  const colors = series.map((line, index) => line.color ?? chartColor(index));
  const curve = CURVES[settings.interpolation ?? 'linear'] ?? 'linear';
  const asArea = settings.renderer === 'area';
  const first = rows[0].x;
  const last = rows[rows.length - 1].x;
  const xMin = parseTimestamp(settings.xMin ?? null)?.getTime();
  const xMax = parseTimestamp(settings.xMax ?? null)?.getTime();
  const xDomain: [number | 'dataMin', number | 'dataMax'] =
    xMin !== undefined && xMax !== undefined ? [xMin, xMax] : ['dataMin', 'dataMax'];
  const yDomain: [number | 'auto', number | 'auto'] =
    settings.yMin !== undefined && settings.yMax !== undefined ? [settings.yMin, settings.yMax] : ['auto', 'auto'];
  const tickFormat = (time: number) =>
    last - first >= 2 * DAY_MS ? formatDate(time) : formatUtcTimestamp(time).slice(11, 16);
  const lastIndex = series.map((line) => line.data.length > 0).lastIndexOf(true);
  const lastRow = [...rows].reverse().find((row) => row[`s${lastIndex}`] !== undefined);
  const summary = `${title ?? 'Line chart'}: ${series.map(describeSeries).join('; ')}`;

  const chart: ReactElement = (
    <ComposedChart data={rows} width={width} height={height} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="x"
        type="number"
        scale="time"
        domain={xDomain}
        allowDataOverflow={xMin !== undefined}
        tickFormatter={tickFormat}
        hide={settings.axes_x === false}
      />
      <YAxis
        domain={yDomain}
        allowDataOverflow={yDomain[0] !== 'auto'}
        tickFormatter={settings.axes_y_label === false ? () => '' : undefined}
        hide={settings.axes_y === false}
      />
      <Tooltip
        content={({ active, payload, label }) => <HoverDetail active={active} payload={payload} label={label} series={series} />}
      />
      {series.map((line, index) =>
        asArea ? (
          <Area
            key={`s${index}`}
            dataKey={`s${index}`}
            name={line.name}
            type={curve}
            stroke={colors[index]}
            fill={colors[index]}
            fillOpacity={0.2}
            connectNulls
            isAnimationActive={animated}
            animationDuration={CHART_ANIMATION_MS}
          />
        ) : (
          <Line
            key={`s${index}`}
            dataKey={`s${index}`}
            name={line.name}
            type={curve}
            stroke={colors[index]}
            dot={false}
            connectNulls
            isAnimationActive={animated}
            animationDuration={CHART_ANIMATION_MS}
          />
        ),
      )}
      {settings.higlight_last_point && lastRow && (
        <ReferenceDot
          className="line-chart-last-point"
          x={lastRow.x}
          y={lastRow[`s${lastIndex}`]}
          r={2}
          fill={colors[lastIndex]}
          stroke={colors[lastIndex]}
          strokeWidth={2}
        />
      )}
    </ComposedChart>
  );

  return (
    <Box className="line-chart" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box role="img" aria-label={summary} sx={{ width: width ?? '100%', height }}>
          {width !== undefined ? (
            chart
          ) : (
            <ResponsiveContainer width="100%" height={height} debounce={CHART_RESIZE_DEBOUNCE_MS}>
              {chart}
            </ResponsiveContainer>
          )}
        </Box>
        {showLegend && <ChartLegend entries={series.map((line, index) => ({ label: line.name, color: colors[index] }))} />}
      </Box>
      {stats?.used !== undefined && (
        <BarChart
          used={stats.used}
          average={stats.average}
          maxValue={stats.max_value}
          tooltipUsed={stats.tooltip_used}
          tooltipFree={stats.tooltip_free}
          tooltipAverage={stats.tooltip_average}
          settings={{ orientation: 'vertical', ...settings.bar_chart_settings, height: settings.bar_chart_settings?.height ?? height }}
          animate={animate}
        />
      )}
    </Box>
  );
}
