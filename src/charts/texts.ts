/** Texts shown by the charts (spec 1 §8 for the messages; the pie and bar labels are Horizon's). */

/** Shown instead of a chart that has no series, or whose data could not be loaded (spec 1 §8). */
export const NO_DATA_TEXT = 'No data available.';
/** The alert for a chart whose data could not be loaded (spec 1 §8); raised by the caller. */
export const CHART_ERROR_TEXT = 'An error occurred. Please try again later.';

/** Legend labels of a quota chart's slices. */
export const QUOTA_CHART_LABELS = {
  usage: 'Current Usage',
  added: 'Added',
  remaining: 'Remaining',
} as const;

/** Pie chart title suffix for a chart with a maximum: "(10 Max)". */
export const MAX_LABEL = 'Max';
/** Pie chart title suffix for a chart without one: "(7 Total)". */
export const TOTAL_LABEL = 'Total';

/** Default names of a bar chart's parts, used when no tooltip text is given. */
export const BAR_CHART_LABELS = {
  used: 'Used',
  free: 'Free',
  average: 'Average',
} as const;
