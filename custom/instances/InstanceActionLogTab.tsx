import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { InstanceAction } from '../../dataProviders/nova-servers';
import { dateText } from '../../src/engine/FieldText';
import type { DetailTabComponentProps } from '../../src/plugins';
import { useToastStore } from '../../src/toasts/context';
import { useTimeZone } from '../../src/utils/useTimeZone';
import { useInstanceCall } from './useInstanceCall';

/** Horizon's audit_tables.py ACTION_DISPLAY_CHOICES. */
const ACTION_LABELS: Record<string, string> = {
  create: 'Create', pause: 'Pause', unpause: 'Unpause', rebuild: 'Rebuild', resize: 'Resize', confirmresize: 'Confirm Resize',
  suspend: 'Suspend', resume: 'Resume', reboot: 'Reboot', stop: 'Stop', start: 'Start', shelve: 'Shelve', unshelve: 'Unshelve',
  migrate: 'Migrate', rescue: 'Rescue', unrescue: 'Unrescue', lock: 'Lock', unlock: 'Unlock', createimage: 'Create Image',
};
/** Horizon's text when the list cannot be read (tabs.py AuditTab). */
export const ACTIONS_LOAD_FAILED = 'Unable to retrieve instance action list.';
const COLUMNS = ['Request ID', 'Action', 'Start Time', 'User ID', 'Message'];

/**
 * The Action Log tab (Horizon's AuditTab, 'Instance Action List'): the
 * instance's actions from `servers/{id}/actions/`, newest first as Nova
 * lists them.
 */
export function InstanceActionLogTab({ record }: DetailTabComponentProps) {
  const actions = useInstanceCall<InstanceAction[]>(String(record.id), 'actions');
  const toasts = useToastStore();
  const { zone } = useTimeZone();
  useEffect(() => {
    if (actions.isError) toasts.error(ACTIONS_LOAD_FAILED);
  }, [actions.isError, toasts]);
  const rows = actions.data ?? [];

  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Instance Action List
      </Typography>
      <Table size="small" aria-label="Instance Action List">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>{actions.isPending ? 'Loading…' : 'No items to display.'}</TableCell>
            </TableRow>
          ) : (
            rows.map((action) => (
              <TableRow key={action.request_id}>
                <TableCell>{action.request_id}</TableCell>
                <TableCell>{ACTION_LABELS[action.action] ?? action.action}</TableCell>
                <TableCell>{dateText(action.start_time, 'date-time', zone) || action.start_time}</TableCell>
                <TableCell>{action.user_id}</TableCell>
                <TableCell>{action.message || '-'}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}
