/**
 * Colours of series and slices without their own colour, in order (d3's category10, which
 * Horizon's line chart used, so series keep the colours operators know).
 */
export const CHART_COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
] as const;

/**
 * The colour of the `index`th series or slice, repeating after ten.
 *
 * @example
 * chartColor(0);  // '#1f77b4'
 * chartColor(10); // '#1f77b4'
 */
export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length];
}

/** Charts that fill their container wait this long after a resize before redrawing (spec 1 §9). */
export const CHART_RESIZE_DEBOUNCE_MS = 400;
