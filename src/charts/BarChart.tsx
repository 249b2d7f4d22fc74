import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Bar, BarChart as RechartsBarChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_ANIMATION_MS, useChartAnimation } from './animation';
import { chartColor } from './palette';
import { BAR_CHART_LABELS } from './texts';

/** One part of a multi-part "used" value: its amount and its tooltip. */
export interface BarChartSegment {
  used_instances: number;
  tooltip_used?: string;
}

/** Bar chart settings, as the line chart's `bar_chart_settings` passes them. */
export interface BarChartSettings {
  /** Default 'horizontal'. */
  orientation?: 'horizontal' | 'vertical';
  /** 'left' shows the used percentage as a label before the bar. */
  used_label_placement?: 'left';
  width?: number;
  height?: number;
}

/** The data of a bar chart (spec 1 §3: "used, average, max-value, tooltips"). */
export interface BarChartData {
  /** The amount used, or several amounts drawn one after the other. */
  used: number | BarChartSegment[];
  /** Average usage, marked by a line; single values only. */
  average?: number;
  /** What 100 percent stands for; default 100, so `used` is a percentage. */
  maxValue?: number;
  tooltipUsed?: string;
  tooltipFree?: string;
  tooltipAverage?: string;
}

/** Props of {@link BarChart}. */
export interface BarChartProps extends BarChartData {
  settings?: BarChartSettings;
  /** Size of the bar itself; `settings.width`/`height` take precedence. */
  width?: number;
  height?: number;
  /** Grow the bar in; by default unless the user prefers reduced motion. */
  animate?: boolean;
}

/** A used part in percent of the maximum, with its tooltip. */
export interface BarPart {
  percent: number;
  tooltip: string;
}

/** What a bar chart draws, in percent of its maximum. */
export interface BarChartState {
  used: BarPart[];
  /** What is left to 100 percent, never below 0. */
  free: number;
  /** The average in percent, unrounded; absent for multi-part bars. */
  average?: number;
}

const DEFAULT_MAX = 100;

/**
 * Percentages of a bar chart: each used part rounded to a whole percent of `maxValue`, the
 * average unrounded. A used value that is not a number counts as 0 (a part is dropped); a
 * multi-part bar has no average.
 *
 * @example
 * barChartState({ used: 30, average: 20 });                    // { used: [{ percent: 30, … }], free: 70, average: 20 }
 * barChartState({ used: 5, maxValue: 8 }).used[0].percent;     // 63
 */
export function barChartState({ used, average, maxValue = DEFAULT_MAX, tooltipUsed }: BarChartData): BarChartState {
  const percentOf = (value: number) => Math.round((value / maxValue) * 100);
  let parts: BarPart[];
  let averagePercent: number | undefined;
  if (Array.isArray(used)) {
    parts = used
      .filter((segment) => !Number.isNaN(Number(segment.used_instances)))
      .map((segment) => ({ percent: percentOf(Number(segment.used_instances)), tooltip: segment.tooltip_used ?? BAR_CHART_LABELS.used }));
  } else {
    parts = [{ percent: Number.isNaN(Number(used)) ? 0 : percentOf(Number(used)), tooltip: tooltipUsed ?? BAR_CHART_LABELS.used }];
    if (average !== undefined && !Number.isNaN(Number(average))) averagePercent = (Number(average) / maxValue) * 100;
  }
  const total = parts.reduce((sum, part) => sum + part.percent, 0);
  return { used: parts, free: Math.max(0, 100 - total), average: averagePercent };
}

/**
 * The text summary of a bar chart, for screen readers.
 *
 * @example
 * describeBarChart(barChartState({ used: 30, average: 20 }), {}); // 'Used 30%, Free 70%, Average 20%'
 */
export function describeBarChart(state: BarChartState, data: Pick<BarChartData, 'tooltipFree' | 'tooltipAverage'>): string {
  const parts = state.used.map((part) => `${part.tooltip} ${part.percent}%`);
  parts.push(`${data.tooltipFree ?? BAR_CHART_LABELS.free} ${state.free}%`);
  if (state.average !== undefined) parts.push(`${data.tooltipAverage ?? BAR_CHART_LABELS.average} ${Math.round(state.average)}%`);
  return parts.join(', ');
}

/**
 * A single usage bar: the used share (or several shares one after the other), the free rest and
 * an average marker, horizontal by default. `data-used-percent` holds the used percentage.
 *
 * @example
 * <BarChart used={30} average={20} tooltipUsed="Used" tooltipAverage="Average" />
 * <BarChart used={[{ used_instances: 5, tooltip_used: 'web' }, { used_instances: 15, tooltip_used: 'db' }]} />
 */
export function BarChart({ settings = {}, width, height, animate, ...data }: BarChartProps) {
  const theme = useTheme();
  const animated = useChartAnimation(animate);
  const state = barChartState(data);
  const horizontal = (settings.orientation ?? 'horizontal') === 'horizontal';
  const chartWidth = settings.width ?? width ?? (horizontal ? 100 : 30);
  const chartHeight = settings.height ?? height ?? (horizontal ? 20 : 100);
  const usedPercent = state.used.reduce((sum, part) => sum + part.percent, 0);
  const row: Record<string, number | string> = { name: 'usage', free: state.free };
  state.used.forEach((part, index) => {
    row[`used${index}`] = part.percent;
  });
  const tooltipNames: Record<string, string> = { free: data.tooltipFree ?? BAR_CHART_LABELS.free };
  state.used.forEach((part, index) => {
    tooltipNames[`used${index}`] = part.tooltip;
  });
  const usedColor = (index: number) => (state.used.length > 1 ? chartColor(index) : theme.palette.primary.main);

  return (
    <Box
      className="bar-chart"
      data-used-percent={usedPercent}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {settings.used_label_placement === 'left' && (
        <Typography className="bar-chart-used-label" variant="caption" aria-hidden>
          {usedPercent}%
        </Typography>
      )}
      <Box role="img" aria-label={describeBarChart(state, data)} sx={{ width: chartWidth, height: chartHeight }}>
        <RechartsBarChart
          width={chartWidth}
          height={chartHeight}
          data={[row]}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
          barCategoryGap={0}
          accessibilityLayer={false}
        >
          {horizontal ? (
            <>
              <XAxis type="number" domain={[0, 100]} hide />
              <YAxis type="category" dataKey="name" hide />
            </>
          ) : (
            <>
              <XAxis type="category" dataKey="name" hide />
              <YAxis type="number" domain={[0, 100]} hide />
            </>
          )}
          <Tooltip
            cursor={false}
            formatter={(value, name) => [`${String(value)}%`, tooltipNames[String(name)] ?? String(name)]}
            labelFormatter={() => ''}
          />
          {state.used.map((part, index) => (
            <Bar key={`used${index}`} dataKey={`used${index}`} stackId="usage" fill={usedColor(index)} isAnimationActive={animated} animationDuration={CHART_ANIMATION_MS} />
          ))}
          <Bar dataKey="free" stackId="usage" fill={theme.palette.grey[200]} isAnimationActive={false} />
          {state.average !== undefined &&
            (horizontal ? (
              <ReferenceLine x={state.average} stroke={theme.palette.secondary.main} strokeWidth={2} className="bar-chart-average" />
            ) : (
              <ReferenceLine y={state.average} stroke={theme.palette.secondary.main} strokeWidth={2} className="bar-chart-average" />
            ))}
        </RechartsBarChart>
      </Box>
    </Box>
  );
}
