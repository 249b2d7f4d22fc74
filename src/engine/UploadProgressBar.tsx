import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Typography from '@mui/material/Typography';

/**
 * A file upload's progress over the open dialog (spec 2 §4: -1 before the
 * first byte, then whole percents to 100). Before the first byte it is
 * indeterminate. It is portalled to the body after the dialog opened, so the
 * dialog's aria-hidden siblings do not hide it from assistive technology.
 * `detail` says what is in flight when there is more than one thing to send
 * (the file and its place among several).
 */
export function UploadProgressBar({ percent, detail }: { percent: number; detail?: string }) {
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
      {detail && (
        <Typography variant="caption" color="text.secondary" component="p" noWrap title={detail} sx={{ mt: 1 }}>
          {detail}
        </Typography>
      )}
    </Paper>
    </Portal>
  );
}
