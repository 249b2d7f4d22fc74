import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { allocate, canAllocate, deallocate, itemText, type TransferItem, transferModel, UNLIMITED } from './model';

export interface TransferTableTexts {
  /** Heading of the available list. Default 'Available'. */
  availableTitle?: string;
  /** Heading of the allocated list. Default 'Allocated'. */
  allocatedTitle?: string;
  /** Shown when nothing is left to allocate. Default 'No available items.' */
  noAvailableText?: string;
  /** Shown when nothing is allocated. Default 'No items allocated.' */
  noAllocatedText?: string;
}

export interface TransferTableProps<I extends TransferItem> extends TransferTableTexts {
  /** Every item that may be allocated. */
  items: readonly I[];
  /** The allocated ids, in order. */
  value: readonly string[];
  onChange(ids: string[]): void;
  /** Spec 1 §4.9: negative (default) = unlimited; 1 = a new item replaces the allocated one. */
  maxAllocation?: number;
  /** Milliseconds the filters wait after typing (spec 1 §9: the membership list filter waits 200). Default 0. */
  filterDelay?: number;
  disabled?: boolean;
  /** Extra controls on an allocated row (the membership step's roles). */
  allocatedExtra?(item: I): ReactNode;
}

/**
 * Two lists, available and allocated, each with a filter; + moves an item
 * across, − moves it back (spec 1 §3, §4.9).
 *
 * @example
 * <TransferTable items={projects} value={ids} onChange={setIds} availableTitle="All Projects" allocatedTitle="Selected Projects" />
 */
export function TransferTable<I extends TransferItem>({
  items,
  value,
  onChange,
  maxAllocation = UNLIMITED,
  filterDelay = 0,
  disabled,
  allocatedExtra,
  availableTitle = 'Available',
  allocatedTitle = 'Allocated',
  noAvailableText = 'No available items.',
  noAllocatedText = 'No items allocated.',
}: TransferTableProps<I>) {
  const availableFilter = useDelayedText(filterDelay);
  const allocatedFilter = useDelayedText(filterDelay);
  const model = transferModel(items, value, { available: availableFilter.applied, allocated: allocatedFilter.applied });
  const full = !canAllocate(value.length, maxAllocation);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <TransferList
        title={availableTitle}
        filter={availableFilter}
        items={model.displayedAvailable}
        emptyText={noAvailableText}
        render={(item) => (
          <IconButton
            edge="end"
            aria-label={`Allocate ${itemText(item)}`}
            disabled={disabled || full}
            onClick={() => onChange(allocate(value, item.id, maxAllocation))}
          >
            <AddIcon />
          </IconButton>
        )}
      />
      <TransferList
        title={allocatedTitle}
        filter={allocatedFilter}
        items={model.displayedAllocated}
        emptyText={noAllocatedText}
        extra={allocatedExtra}
        render={(item) => (
          <IconButton edge="end" aria-label={`Remove ${itemText(item)}`} disabled={disabled} onClick={() => onChange(deallocate(value, item.id))}>
            <RemoveIcon />
          </IconButton>
        )}
      />
    </Box>
  );
}

interface DelayedText {
  typed: string;
  applied: string;
  setTyped(text: string): void;
}

/** The filter text as typed, and as applied once the delay has passed. */
function useDelayedText(delay: number): DelayedText {
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    if (delay <= 0) return setApplied(typed);
    const timer = setTimeout(() => setApplied(typed), delay);
    return () => clearTimeout(timer);
  }, [typed, delay]);
  return { typed, applied: delay <= 0 ? typed : applied, setTyped };
}

function TransferList<I extends TransferItem>({
  title,
  filter,
  items,
  emptyText,
  render,
  extra,
}: {
  title: string;
  filter: DelayedText;
  items: I[];
  emptyText: string;
  render(item: I): ReactNode;
  extra?(item: I): ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="region" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {title}
      </Typography>
      <TextField
        size="small"
        fullWidth
        margin="dense"
        label="Filter"
        value={filter.typed}
        onChange={(event) => filter.setTyped(event.target.value)}
      />
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {emptyText}
        </Typography>
      ) : (
        <List dense aria-label={title}>
          {items.map((item) => (
            <ListItem key={item.id} secondaryAction={render(item)}>
              <ListItemText primary={itemText(item)} />
              {extra?.(item)}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
