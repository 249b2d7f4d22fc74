import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Whether a chart animates: as asked, or by default unless the user prefers reduced motion.
 * Charts grow in over 500 ms, as Horizon's did.
 *
 * @example
 * const animate = useChartAnimation(props.animate);
 * <Pie isAnimationActive={animate} animationDuration={CHART_ANIMATION_MS} … />
 */
export function useChartAnimation(animate?: boolean): boolean {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return animate ?? !reducedMotion;
}

/** Duration of a chart's grow-in animation. */
export const CHART_ANIMATION_MS = 500;
