import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PERIOD, type Period, PERIOD_CHOICES, type PeriodChoice, periodError, periodOf } from './period';

/** The period in the page's URL (`?period=7`, `?period=other&date_from=…&date_to=…`), so a reload keeps it. */
export function useUsagePeriod(now = new Date()): { choice: PeriodChoice; period: Period; error: string | null } {
  const [params] = useSearchParams();
  const asked = params.get('period');
  const choice = (PERIOD_CHOICES.some((option) => option.value === asked) ? asked : DEFAULT_PERIOD) as PeriodChoice;
  const period = periodOf(choice, now, { start: params.get('date_from') ?? undefined, end: params.get('date_to') ?? undefined });
  return { choice, period, error: periodError(period, now) };
}

/**
 * "Select a period of time to query its usage:" — the period choice; 'Other'
 * reveals From (date_from) and To (date_to). Submit puts it in the URL.
 */
export function UsagePeriodForm() {
  const [params, setParams] = useSearchParams();
  const current = useUsagePeriod();
  const [choice, setChoice] = useState<PeriodChoice>(current.choice);
  const [from, setFrom] = useState(current.period.start);
  const [to, setTo] = useState(current.period.end);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.set('period', choice);
    if (choice === 'other') {
      next.set('date_from', from);
      next.set('date_to', to);
    } else {
      next.delete('date_from');
      next.delete('date_to');
    }
    setParams(next);
  }

  return (
    <Stack component="form" onSubmit={submit} aria-label="Usage period" spacing={1} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h4">
        Select a period of time to query its usage:{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          The date should be in YYYY-MM-DD format.
        </Typography>
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField select size="small" label="Period" name="period" value={choice} onChange={(event) => setChoice(event.target.value as PeriodChoice)} sx={{ minWidth: 180 }}>
          {PERIOD_CHOICES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {choice === 'other' && (
          <>
            <TextField size="small" type="date" label="From" name="date_from" value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
            <Typography component="span">to</Typography>
            <TextField size="small" type="date" label="To" name="date_to" value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          </>
        )}
        <Button type="submit" variant="contained">
          Submit
        </Button>
      </Stack>
    </Stack>
  );
}
