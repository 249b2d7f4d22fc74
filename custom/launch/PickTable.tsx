import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { allocate, deallocate, UNLIMITED } from '../../src/transfer/model';
import type { LaunchRecord } from './model';

/** One column of a pick table. */
export interface PickColumn<T> {
  label: string;
  /** The cell; default the field's text. */
  render?(item: T): ReactNode;
  field?: string;
  /** The column whose problem a warning icon marks (the flavor step's vcpus/ram/disk). */
  errorKey?: string;
}

export interface PickTableProps<T extends LaunchRecord> {
  /** The rows; each row's button is named 'Allocate <name>' / 'Deallocate <name>'. */
  items: readonly T[];
  value: readonly T[];
  onChange(next: T[]): void;
  columns: PickColumn<T>[];
  /** 1: a new pick replaces the allocated one (spec 2 §5: one source, one flavor, one key pair, one server group). Default unlimited. */
  max?: number;
  /** Problems that keep an item from being allocated, by column key (spec 2 §5's flavor messages). */
  errorsOf?(item: T): Record<string, string>;
  /** Shown while nothing is allocated. */
  noneAllocatedText: string;
  /** Above the available table. @example 'Select one' */
  availableHelp?: string;
  disabled?: boolean;
}

const nameOf = (item: LaunchRecord) => String(item.name || item.id);

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * Horizon's launch wizard transfer tables: an "Allocated" table above an
 * "Available" one with a filter; + allocates a row, − gives it back. A row
 * with problems shows them as warnings and cannot be allocated.
 */
export function PickTable<T extends LaunchRecord>({ items, value, onChange, columns, max = UNLIMITED, errorsOf, noneAllocatedText, availableHelp, disabled }: PickTableProps<T>) {
  const [filter, setFilter] = useState('');
  const allocatedIds = value.map((item) => item.id);
  const available = items.filter((item) => !allocatedIds.includes(item.id));
  const needle = filter.trim().toLowerCase();
  const shown = needle ? available.filter((item) => columns.some((column) => String(column.field ? item[column.field] ?? '' : '').toLowerCase().includes(needle))) : available;
  const allocatedId = useId();
  const availableId = useId();

  const pick = (item: T) => {
    const ids = allocate(allocatedIds, item.id, max);
    const all = [...value, ...items];
    onChange(ids.map((id) => all.find((each) => each.id === id)!).filter(Boolean));
  };
  const drop = (item: T) => {
    const ids = deallocate(allocatedIds, item.id);
    onChange(value.filter((each) => ids.includes(each.id)));
  };

  const head = (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column.label}>{column.label}</TableCell>
        ))}
        <TableCell />
      </TableRow>
    </TableHead>
  );
  const cells = (item: T, errors: Record<string, string>) =>
    columns.map((column) => (
      <TableCell key={column.label}>
        {column.errorKey && errors[column.errorKey] && (
          <Tooltip title={errors[column.errorKey]}>
            <WarningAmberIcon color="error" fontSize="inherit" aria-label={errors[column.errorKey]} sx={{ mr: 0.5, verticalAlign: 'middle' }} />
          </Tooltip>
        )}
        {column.render ? column.render(item) : cellText(column.field ? item[column.field] : undefined)}
      </TableCell>
    ));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box role="region" aria-labelledby={allocatedId}>
        <Typography id={allocatedId} variant="subtitle1">
          Allocated <Typography component="span" variant="body2" color="text.secondary">{value.length}</Typography>
        </Typography>
        <Table size="small" aria-labelledby={allocatedId}>
          {head}
          <TableBody>
            {value.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <Typography variant="body2" color="text.secondary">{noneAllocatedText}</Typography>
                </TableCell>
              </TableRow>
            )}
            {value.map((item) => (
              <TableRow key={item.id}>
                {cells(item, errorsOf?.(item) ?? {})}
                <TableCell align="right">
                  <IconButton size="small" aria-label={`Deallocate ${nameOf(item)}`} disabled={disabled} onClick={() => drop(item)}>
                    <RemoveIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box role="region" aria-labelledby={availableId}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography id={availableId} variant="subtitle1">
            Available <Typography component="span" variant="body2" color="text.secondary">{available.length}</Typography>
          </Typography>
          {availableHelp && <Typography variant="body2" color="text.secondary">{availableHelp}</Typography>}
          <TextField size="small" label="Filter" value={filter} onChange={(event) => setFilter(event.target.value)} sx={{ ml: 'auto' }} />
        </Box>
        <Table size="small" aria-labelledby={availableId}>
          {head}
          <TableBody>
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <Typography variant="body2" color="text.secondary">No available items.</Typography>
                </TableCell>
              </TableRow>
            )}
            {shown.map((item) => {
              const errors = errorsOf?.(item) ?? {};
              const blocked = Object.keys(errors).length > 0;
              return (
                <TableRow key={item.id} aria-disabled={blocked || undefined} sx={blocked ? { opacity: 0.6 } : undefined}>
                  {cells(item, errors)}
                  <TableCell align="right">
                    <IconButton size="small" aria-label={`Allocate ${nameOf(item)}`} disabled={disabled || blocked} onClick={() => pick(item)}>
                      <AddIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
