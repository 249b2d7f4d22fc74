import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { LOG_FAILURE } from './InstanceLogTab';
import { useInstanceCaller } from './useInstanceCall';

/**
 * 'View Full Log' (Horizon's instances:console view, opened in a new
 * browser tab): the whole console output. `length: null` asks Nova for all
 * of it (os-getConsoleOutput without a tail).
 */
export function FullLogPage() {
  const { id = '' } = useParams();
  const call = useInstanceCaller();
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call<string[]>(id, 'console-output', { length: null }).then(
      (lines) => live && setText(lines.join('\n')),
      () => live && setText(LOG_FAILURE),
    );
    return () => {
      live = false;
    };
    // Read once per instance.
  }, [id]);

  return (
    <Box component="pre" aria-label="Console log" aria-busy={text === null || undefined} sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text ?? ''}
    </Box>
  );
}
