import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Cell, Pie, PieChart as RechartsPieChart } from 'recharts';
import { formatLimit, isUnlimited } from '../utils/limit';
import { CHART_ANIMATION_MS, useChartAnimation } from './animation';
import { ChartLegend } from './ChartLegend';
import { chartColor } from './palette';
import { MAX_LABEL, TOTAL_LABEL } from './texts';
import { pieFillLevel, type PieFillLevel } from './thresholds';

/** One slice of a pie or donut chart. */
export interface PieSlice {
  label: string;
  value: number;
  /** The slice colour; by default the palette colour of its position. */
  color?: string;
  /** Leaves the slice out of the legend (it is still drawn). */
  hideKey?: boolean;
  /** Shown in the legend instead of the value, e.g. 'Unlimited'. */
  display?: string;
}

/** Geometry and parts of a pie chart, as Horizon's chart settings name them. */
export interface PieChartSettings {
  innerRadius: number;
  outerRadius: number;
  showTitle: boolean;
  showLabel: boolean;
  showLegend: boolean;
}

/** Donut radii 24/36 (spec 1 §9). */
export const DONUT_CHART_SETTINGS: Readonly<PieChartSettings> = {
  innerRadius: 24,
  outerRadius: 36,
  showTitle: true,
  showLabel: true,
  showLegend: true,
};

/** Pie radii 0/30 (spec 1 §9). */
export const PIE_CHART_SETTINGS: Readonly<PieChartSettings> = {
  innerRadius: 0,
  outerRadius: 30,
  showTitle: true,
  showLabel: true,
  showLegend: true,
};

/** Props of {@link PieChart}. */
export interface PieChartProps {
  slices: PieSlice[];
  /** Shown above the chart with its total: "Total Instances (10 Max)". */
  title?: string;
  /** Shown in the centre, e.g. "25%". */
  label?: string;
  /** The maximum the slices are measured against; the title then says "Max" instead of "Total". */
  maxLimit?: number | null;
  /** Flags the chart as over its maximum ('danger'). */
  overMax?: boolean;
  /** The usage percentage that sets the fill level: nearly full at 80, full at 100. */
  usedPercent?: number;
  /** Draw the ring; when false only the title and legend are shown (e.g. an unlimited quota). */
  showChart?: boolean;
  /** Unit appended to the total and the legend values, e.g. "MB". */
  unit?: string;
  /** 'donut' (default) or 'pie'. */
  variant?: 'donut' | 'pie';
  /** Overrides of the variant's settings. */
  settings?: Partial<PieChartSettings>;
  /** Grow the slices in; by default unless the user prefers reduced motion. */
  animate?: boolean;
}

const FILL_COLOR: Record<PieFillLevel, 'primary' | 'warning' | 'error'> = {
  normal: 'primary',
  'nearly-full': 'warning',
  full: 'error',
};

function withUnit(value: string, unit?: string): string {
  return unit ? `${value} ${unit}` : value;
}

/**
 * The title line: "{title} ({total} Max)" with a maximum, "{title} ({total} Total)" without one,
 * "{title} (Unlimited)" for an unlimited maximum; a total of 0 is left out, as Horizon does.
 *
 * @example
 * pieChartTitle('Total Instances', [], 10); // 'Total Instances (10 Max)'
 */
export function pieChartTitle(title: string, slices: PieSlice[], maxLimit?: number | null, unit?: string): string {
  if (maxLimit !== undefined && isUnlimited(maxLimit)) return `${title} (${formatLimit(maxLimit)})`;
  const total = maxLimit ?? slices.reduce((sum, slice) => sum + slice.value, 0);
  const totalLabel = maxLimit !== undefined ? MAX_LABEL : TOTAL_LABEL;
  return `${title} (${total ? `${withUnit(String(total), unit)} ` : ''}${totalLabel})`;
}

/**
 * A pie or donut chart with a title, a centre label and a legend of values. With `usedPercent`
 * it shows how full something is: `data-fill` is 'normal', 'nearly-full' (from 80 percent) or
 * 'full' (from 100 percent), and the first slice takes the matching colour. `overMax` sets
 * `data-over-max` and the 'danger' class.
 *
 * @example
 * <PieChart title="Hosts" variant="pie" slices={[{ label: 'Compute', value: 2 }, { label: 'Storage', value: 1 }]} />
 */
export function PieChart({
  slices,
  title,
  label,
  maxLimit,
  overMax = false,
  usedPercent,
  showChart = true,
  unit,
  variant = 'donut',
  settings: overrides,
  animate,
}: PieChartProps) {
  const theme = useTheme();
  const animated = useChartAnimation(animate);
  const settings = { ...(variant === 'pie' ? PIE_CHART_SETTINGS : DONUT_CHART_SETTINGS), ...overrides };
  const diameter = settings.outerRadius * 2;
  const fill = usedPercent === undefined ? undefined : pieFillLevel(usedPercent);
  const colors = slices.map((slice, index) => {
    if (slice.color) return slice.color;
    if (index === 0 && fill) return theme.palette[FILL_COLOR[fill]].main;
    return chartColor(index);
  });
  const heading = title ? pieChartTitle(title, slices, maxLimit, unit) : undefined;
  const legend = slices
    .map((slice, index) => ({ slice, color: colors[index] }))
    .filter(({ slice }) => !slice.hideKey)
    .map(({ slice, color }) => ({ label: slice.label, color, value: slice.display ?? withUnit(String(slice.value), unit) }));
  const summary = [heading ?? 'Chart', label, ...legend.map((entry) => `${entry.value} ${entry.label}`)]
    .filter(Boolean)
    .join(', ');

  return (
    <Box
      className={`pie-chart${overMax ? ' danger' : ''}`}
      data-fill={fill}
      data-over-max={overMax ? 'true' : undefined}
      sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}
    >
      {settings.showTitle && heading && (
        <Typography className="pie-chart-title" variant="body2" sx={{ fontWeight: 600, color: overMax ? 'error.main' : undefined }}>
          {heading}
        </Typography>
      )}
      {showChart && (
        <Box role="img" aria-label={summary} sx={{ position: 'relative', width: diameter, height: diameter }}>
          <RechartsPieChart width={diameter} height={diameter} margin={{ top: 0, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
            {/* The empty ring under the slices, so an empty or partial chart still shows its shape. */}
            <Pie
              data={[{ value: 1 }]}
              dataKey="value"
              innerRadius={settings.innerRadius}
              outerRadius={settings.outerRadius}
              fill={theme.palette.grey[200]}
              stroke="none"
              isAnimationActive={false}
            />
            <Pie
              data={slices.map((slice) => ({ name: slice.label, value: slice.value }))}
              dataKey="value"
              innerRadius={settings.innerRadius}
              outerRadius={settings.outerRadius}
              startAngle={90}
              endAngle={-270}
              stroke="none"
              isAnimationActive={animated}
              animationDuration={CHART_ANIMATION_MS}
            >
              {slices.map((slice, index) => (
                <Cell key={`${index}-${slice.label}`} fill={colors[index]} />
              ))}
            </Pie>
          </RechartsPieChart>
          {settings.showLabel && label && (
            <Typography
              className="pie-chart-label"
              variant="caption"
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontWeight: 600,
                color: overMax ? 'error.main' : 'text.primary',
              }}
            >
              {label}
            </Typography>
          )}
        </Box>
      )}
      {settings.showLegend && <ChartLegend entries={legend} showKeys={showChart} />}
    </Box>
  );
}
