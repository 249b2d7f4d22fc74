import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatLimit, isUnlimited } from '../utils/limit';
import { quotaLevel, usagePercent, type QuotaLevel } from './thresholds';

/** Props of {@link QuotaBar}. */
export interface QuotaBarProps {
  /** What is counted, e.g. "Number of Instances". */
  label: string;
  /** The amount in use now. */
  used: number;
  /** The quota. -1, Infinity, null and undefined mean unlimited. */
  limit: number | null | undefined;
  /** What the form would add (e.g. the instance count); drawn after `used`. Default 0. */
  added?: number;
  /** The quota's key, e.g. `instances`: gives the element id `quota_instances` (spec 1 §3). */
  stat?: string;
  /** Formats amounts, e.g. `formatMB` for RAM; the number as text by default. */
  format?: (value: number) => string;
}

/** What a quota bar shows, computed apart from rendering so it can be checked on its own. */
export interface QuotaBarState {
  unlimited: boolean;
  /** Share of the limit taken by used + added, unrounded; 0 when unlimited. */
  percent: number;
  level: QuotaLevel;
  /** e.g. "3 of 10 Used", "3 of Unlimited Used". */
  text: string;
}

const LEVEL_COLOR: Record<QuotaLevel, string> = {
  normal: 'primary.main',
  warning: 'warning.main',
  danger: 'error.main',
};

/**
 * The state of a quota bar: 'warning' above 89 percent and 'danger' above 99 percent of the
 * limit, counting what the form adds; an unlimited quota is never flagged.
 *
 * @example
 * quotaBarState({ label: 'VCPUs', used: 9, limit: 10, added: 1 }); // { percent: 100, level: 'danger', text: '9 of 10 Used', … }
 * quotaBarState({ label: 'VCPUs', used: 9, limit: -1 });           // { unlimited: true, level: 'normal', text: '9 of Unlimited Used', … }
 */
export function quotaBarState({ used, limit, added = 0, format = String }: QuotaBarProps): QuotaBarState {
  const unlimited = isUnlimited(limit);
  const percent = unlimited ? 0 : usagePercent(used + added, limit as number);
  const text = `${format(used)} of ${formatLimit(limit, { format })} Used`;
  return { unlimited, percent, level: unlimited ? 'normal' : quotaLevel(percent), text };
}

/**
 * A horizontal quota bar: label, "used of limit Used" and a bar of the used and added share.
 * The bar's level is in `data-level` ('normal', 'warning', 'danger') and its class
 * (`quota-bar-warning`), and the bar itself is a labelled progressbar.
 *
 * @example
 * <QuotaBar stat="ram" label="Total RAM" used={4096} limit={51200} added={2048} format={formatMB} />
 */
export function QuotaBar(props: QuotaBarProps) {
  const { label, used, limit, added = 0, stat } = props;
  const state = quotaBarState(props);
  const labelId = useId();
  const limitValue = state.unlimited ? -1 : (limit as number);
  const usedWidth = state.unlimited ? 0 : Math.min(100, usagePercent(used, limitValue));
  const addedWidth = state.unlimited ? 0 : Math.max(0, Math.min(100, state.percent) - usedWidth);

  return (
    <Box
      id={stat ? `quota_${stat}` : undefined}
      className={`quota-bar quota-bar-${state.level}`}
      data-level={state.level}
      data-quota-used={used}
      data-quota-limit={limitValue}
      sx={{ mb: 1.5 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={labelId} component="span" variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography component="span" variant="body2">
          {state.text}
        </Typography>
      </Box>
      <Box
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.unlimited ? undefined : Math.round(Math.min(100, state.percent))}
        aria-valuetext={state.text}
        sx={{ display: 'flex', height: 8, mt: 0.5, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        <Box className="quota-bar-used" sx={{ width: `${usedWidth}%`, bgcolor: LEVEL_COLOR[state.level] }} />
        {added > 0 && (
          <Box
            className="quota-bar-added"
            sx={{ width: `${addedWidth}%`, bgcolor: state.percent > 100 ? 'error.main' : 'success.main' }}
          />
        )}
      </Box>
    </Box>
  );
}
