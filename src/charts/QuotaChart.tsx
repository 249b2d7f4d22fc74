import { useTheme } from '@mui/material/styles';
import { isUnlimited, UNLIMITED_TEXT } from '../utils/limit';
import { PieChart, type PieChartSettings, type PieSlice } from './PieChart';
import { QUOTA_CHART_LABELS } from './texts';

/** The inputs of a quota chart. */
export interface QuotaChartInput {
  /** e.g. "Total Instances". */
  title: string;
  /** In use now; 0 when not known. */
  used?: number;
  /** What the form would add; 0 by default. */
  added?: number;
  /** The quota. -1, Infinity, null and undefined mean unlimited. */
  max?: number | null;
  /** e.g. "MB", "GiB". */
  unit?: string;
}

/** What a quota chart shows. */
export interface QuotaChartData {
  title: string;
  /** The maximum, or Infinity when unlimited. */
  maxLimit: number;
  /** Rounded (used + added) / max × 100; 0 when unlimited. */
  percent: number;
  /** The centre text: "25%", or 'Unlimited'. */
  label: string;
  /** True above 100 percent. */
  overMax: boolean;
  /** Current Usage, Added, Remaining. */
  slices: PieSlice[];
  /** False for an unlimited quota: a ring would show the usage as full. */
  showChart: boolean;
  unit?: string;
}

/**
 * The data of a quota chart (spec 2 §4: "Quota charts show percent as rounded (used+added)/max*100
 * and are flagged over max above 100"). Slices: Current Usage, Added and Remaining (never below
 * 0). A quota of 0 reads as 100 percent, over max as soon as anything is used or added.
 *
 * @example
 * quotaChartData({ title: 'Total Instances', used: 1, added: 1, max: 8 }).label; // '25%'
 * quotaChartData({ title: 'Total Instances', used: 8, added: 1, max: 8 }).overMax; // true (113%)
 */
export function quotaChartData({ title, used = 0, added = 0, max, unit }: QuotaChartInput): QuotaChartData {
  const usage: PieSlice = { label: QUOTA_CHART_LABELS.usage, value: used };
  const addition: PieSlice = { label: QUOTA_CHART_LABELS.added, value: added };
  if (isUnlimited(max)) {
    return {
      title,
      maxLimit: Infinity,
      percent: 0,
      label: UNLIMITED_TEXT,
      overMax: false,
      slices: [usage, addition, { label: QUOTA_CHART_LABELS.remaining, value: 0, display: UNLIMITED_TEXT }],
      showChart: false,
      unit,
    };
  }
  const limit = max as number;
  const percent = limit === 0 ? 100 : Math.round(((used + added) / limit) * 100);
  return {
    title,
    maxLimit: limit,
    percent,
    label: `${percent}%`,
    overMax: limit === 0 ? used + added > 0 : percent > 100,
    slices: [usage, addition, { label: QUOTA_CHART_LABELS.remaining, value: Math.max(0, limit - used - added) }],
    showChart: true,
    unit,
  };
}

/** Props of {@link QuotaChart}. */
export interface QuotaChartProps extends QuotaChartInput {
  variant?: 'donut' | 'pie';
  settings?: Partial<PieChartSettings>;
  animate?: boolean;
}

/**
 * A donut (by default) of a quota: what is used, what the form adds and what remains, with the
 * percentage in the centre. Nearly full at 80 percent, full at 100 (`data-fill`), flagged over max
 * above 100 (`data-over-max`).
 *
 * @example
 * <QuotaChart title="Total RAM" used={4096} added={2048} max={51200} unit="MB" />
 */
export function QuotaChart({ variant, settings, animate, ...input }: QuotaChartProps) {
  const theme = useTheme();
  const data = quotaChartData(input);
  const [usage, addition, remaining] = data.slices;
  const slices: PieSlice[] = [
    usage,
    { ...addition, color: data.overMax ? theme.palette.error.light : theme.palette.success.main },
    { ...remaining, color: theme.palette.grey[300] },
  ];
  return (
    <PieChart
      title={data.title}
      label={data.label}
      maxLimit={data.maxLimit}
      overMax={data.overMax}
      usedPercent={data.percent}
      showChart={data.showChart}
      unit={data.unit}
      slices={slices}
      variant={variant}
      settings={settings}
      animate={animate}
    />
  );
}
