import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Horizon's wait spinner text while a modal works. */
export const WAIT_TEXT = 'Working';

/**
 * The wait spinner a modal shows while it submits or loads (spec 1 §2.2).
 *
 * @example
 * {submitting && <WaitSpinner />}
 */
export function WaitSpinner({ text = WAIT_TEXT }: { text?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CircularProgress size={20} aria-label={text} />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}
