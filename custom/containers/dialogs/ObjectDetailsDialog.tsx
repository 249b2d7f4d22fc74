import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { SwiftObjectRecord } from '../../../dataProviders/swift';
import { useBackend } from '../../../src/engine/context';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { formatMediumDate } from '../../../src/utils/dates';
import { formatBytes } from '../../../src/utils/units';
import { useTimeZone } from '../../../src/utils/useTimeZone';
import { ERRORS, TEXTS } from '../texts';

interface ObjectDetails {
  name: string;
  bytes: string | null;
  content_type: string | null;
  etag: string | null;
  timestamp: string | null;
}

/** View Details (Horizon's object details modal): Name, Hash, Content Type, Timestamp, Size. */
export function ObjectDetailsDialog({ item, onClose }: { item: SwiftObjectRecord; onClose(): void }) {
  const { dataProvider } = useBackend();
  const { zone } = useTimeZone();
  const titleId = useId();
  const details = useQuery({
    queryKey: ['swift', 'object', item.container, item.path],
    queryFn: async () => (await dataProvider.getOne<ObjectDetails & { id: string }>('swift-object', { id: item.path, meta: { container: item.container } })).data,
    retry: false,
  });
  const data = details.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth={DIALOG_WIDTH.md} fullWidth>
      <DialogTitle id={titleId}>{TEXTS.objectDetails}</DialogTitle>
      <DialogContent>
        {details.isError && <Alert severity="error">{ERRORS.objectDetails}</Alert>}
        {details.isPending && <LinearProgress />}
        {data && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, wordBreak: 'break-all' } }}>
            <dt>{TEXTS.name}</dt>
            <dd>{data.name}</dd>
            <dt>{TEXTS.hash}</dt>
            <dd>{data.etag}</dd>
            <dt>{TEXTS.contentType}</dt>
            <dd>{data.content_type}</dd>
            <dt>{TEXTS.timestamp}</dt>
            <dd>{data.timestamp ? formatMediumDate(`${data.timestamp}Z`, zone) : ''}</dd>
            <dt>{TEXTS.size}</dt>
            <dd>{formatBytes(Number(data.bytes ?? 0))}</dd>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
