import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import type { DetailTabComponentProps } from '../../src/plugins';
import { useToastStore } from '../../src/toasts/context';
import { useInstanceCaller } from './useInstanceCall';

/** Spec 1 §9: the console log's default length, in lines. */
export const DEFAULT_LOG_LENGTH = 35;
/** Spec 1 §8: a console log that cannot be read (a toast only when the user asked for it). */
export const LOG_FAILURE = 'There was a problem communicating with the server, please try again.';

/** Where 'View Full Log' opens the whole console output (Horizon's instances:console view). */
export const fullLogPath = (id: string) => `/project/instances/${encodeURIComponent(id)}/console`;

/**
 * The Log tab (Horizon's _detail_log.html): the last `Log Length` lines of
 * the console output (`POST servers/{id}/console-output/`), 'Go' to read
 * again with another length, 'View Full Log' in a new browser tab.
 */
export function InstanceLogTab({ record }: DetailTabComponentProps) {
  const id = String(record.id);
  const call = useInstanceCaller();
  const toasts = useToastStore();
  const [length, setLength] = useState(String(DEFAULT_LOG_LENGTH));
  const [log, setLog] = useState<{ lines?: string[]; failed?: boolean } | null>(null);
  const [loading, setLoading] = useState(false);

  async function load(tail: string, userAsked: boolean) {
    setLoading(true);
    const wanted = Number.parseInt(tail, 10);
    try {
      // A length that is not a positive number reads Horizon's default.
      const lines = await call<string[]>(id, 'console-output', { length: Number.isFinite(wanted) && wanted > 0 ? wanted : DEFAULT_LOG_LENGTH });
      setLog({ lines });
    } catch {
      setLog({ failed: true });
      if (userAsked) toasts.error(LOG_FAILURE);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load(String(DEFAULT_LOG_LENGTH), false);
    // Read once when the tab opens; Go reads again.
  }, [id]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void load(length, true);
  }

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography component="h2" variant="h6">
          Instance Console Log
        </Typography>
        <Box component="form" aria-label="Log Length" onSubmit={submit} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TextField size="small" label="Log Length" name="length" value={length} onChange={(event) => setLength(event.target.value)} sx={{ width: 120 }} />
          <Button type="submit" variant="contained" size="small" disabled={loading}>
            Go
          </Button>
          <Button size="small" variant="outlined" href={fullLogPath(id)} target="_blank" rel="noopener">
            View Full Log
          </Button>
        </Box>
      </Box>
      <Box
        component="pre"
        aria-label="Console log"
        aria-busy={loading || undefined}
        sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'auto', maxHeight: 600, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {log?.failed ? LOG_FAILURE : (log?.lines ?? []).join('\n')}
      </Box>
    </>
  );
}
