import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Typography from '@mui/material/Typography';

/**
 * A file upload's progress over the open dialog (spec 2 §4: -1 before the
 * first byte, then whole percents to 100). Before the first byte it is
 * indeterminate. It is portalled to the body after the dialog opened, so the
 * dialog's aria-hidden siblings do not hide it from assistive technology.
 */
export function UploadProgressBar({ percent }: { percent: number }) {
  const started = percent >= 0;
  return (
    <Portal>
    <Paper
      elevation={8}
      role="status"
      sx={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', width: 360, p: 2, zIndex: (theme) => theme.zIndex.tooltip }}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {started ? `Uploading ${percent}%` : 'Uploading'}
      </Typography>
      <LinearProgress
        aria-label="Upload progress"
        variant={started ? 'determinate' : 'indeterminate'}
        value={started ? percent : undefined}
      />
    </Paper>
    </Portal>
  );
}
