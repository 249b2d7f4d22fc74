import ExpandLessIcon from '@mui/icons-material/KeyboardArrowUp';
import ExpandMoreIcon from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { sortRecords } from '../backend/verbs';
import { visuallyHidden } from '../ui/a11y';
import { PAGE_SIZE_CHOICES } from './page-size';
import { RowActionsMenu } from './RowActionsMenu';
import { hiddenToFit, isPriorityShown, useFitColumns, useWindowWidth } from './priority';
import type { RowAction, ServerPaging, SortState, TableColumn } from './types';
import type { Selection } from './useSelection';

/** The row menu's column stays at the right edge of a table that scrolls sideways, so it is always reachable. */
const STICKY_END = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** Spec 1 §8. */
export const EMPTY_MESSAGE = 'No items to display.';

export interface ResourceTableProps<Row extends Record<string, unknown>> {
  /** Names the table for assistive technology, e.g. 'Key Pairs'. */
  caption: string;
  columns: TableColumn<Row>[];
  rows: Row[];
  loading?: boolean;
  rowId(row: Row): string;
  rowName(row: Row): string;
  /** Checkboxes appear only when there is something to do with checked rows. */
  selection?: Selection;
  defaultSort?: SortState;
  pageSize: number;
  /** Actions of a row's menu; `expand` opens the row's detail area (for the disabled-action hint). */
  rowActions?(row: Row, expand: () => void): RowAction[];
  /** The content of a row's expanded detail area; without it rows do not expand (spec 1 §2.2). */
  expandedRow?(row: Row): ReactNode;
  /** Rows being updated by polling show a progress bar (spec 1 §4.1). */
  isUpdating?(row: Row): boolean;
  /** The server pages the list: rows are one page, shown whole, with Next/Prev. */
  serverPaging?: ServerPaging;
  /** The empty row's text. Default 'No items to display.' (spec 1 §8). */
  emptyMessage?: string;
}

/**
 * The generic data table of spec 1 §2.2 and §4.1: sortable headers,
 * selectable rows with select-all, a per-row actions menu, client-side
 * paging and the empty-row message.
 */
export function ResourceTable<Row extends Record<string, unknown>>(props: ResourceTableProps<Row>) {
  const { caption, rows, loading, rowId, rowName, selection, pageSize, rowActions, expandedRow, isUpdating, serverPaging } = props;
  const [sort, setSort] = useState<SortState | undefined>(props.defaultSort);
  const [page, setPage] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const width = useWindowWidth();
  const box = useRef<HTMLDivElement>(null);
  const byWindow = props.columns.filter((column) => isPriorityShown(column.priority, width));
  const fitHidden = useFitColumns(box, byWindow.filter((column) => column.priority > 1).length, rows, caption);
  const tooWide = hiddenToFit(byWindow, fitHidden);
  const columns = byWindow.filter((column) => !tooWide.has(column.id));
  const toggleExpanded = (id: string, open?: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const sorted = useMemo(() => {
    const column = props.columns.find((candidate) => candidate.id === sort?.column);
    if (!column || !sort || serverPaging?.onSort) return rows; // a server-sorted page comes in its order
    const keyed = rows.map((row) => ({ row, key: column.value(row) }));
    return sortRecords(keyed, { field: 'key', order: sort.direction === 'desc' ? 'DESC' : 'ASC' }).map(({ row }) => row);
  }, [rows, props.columns, sort, serverPaging?.onSort]);

  const pageCount = serverPaging ? 1 : Math.max(1, Math.ceil(sorted.length / pageSize));
  useEffect(() => {
    if (page >= pageCount) setPage(pageCount - 1); // rows were deleted from the last page
  }, [page, pageCount]);
  const visible = serverPaging ? sorted : sorted.slice(page * pageSize, (page + 1) * pageSize);
  const visibleIds = visible.map(rowId);
  const checkedOnPage = selection ? visibleIds.filter((id) => selection.isSelected(id)).length : 0;
  const hasActions = Boolean(rowActions);
  const columnCount = columns.length + (selection ? 1 : 0) + (hasActions ? 1 : 0) + (expandedRow ? 1 : 0);

  function sortBy(column: string) {
    const next: SortState = { column, direction: sort?.column === column && sort.direction === 'asc' ? 'desc' : 'asc' };
    setSort(next);
    serverPaging?.onSort?.(next);
  }

  return (
    <Paper variant="outlined">
      {loading && <LinearProgress aria-label="Loading" />}
      {/* Positioned, so the visually hidden header labels stay inside its scrolling box. */}
      <TableContainer ref={box} sx={{ position: 'relative' }}>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              {expandedRow && (
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    Expand
                  </Box>
                </TableCell>
              )}
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    slotProps={{ input: { 'aria-label': 'Select all' } }}
                    checked={visible.length > 0 && checkedOnPage === visible.length}
                    indeterminate={checkedOnPage > 0 && checkedOnPage < visible.length}
                    disabled={visible.length === 0}
                    onChange={() => selection.toggleAll(visibleIds)}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  sortDirection={sort?.column === column.id ? sort.direction : false}
                >
                  {column.sortable ? (
                    <TableSortLabel active={sort?.column === column.id} direction={sort?.column === column.id ? sort.direction : 'asc'} onClick={() => sortBy(column.id)}>
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
              {hasActions && (
                <TableCell align="right" sx={{ ...STICKY_END, width: 56 }}>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {loading ? 'Loading…' : (props.emptyMessage ?? EMPTY_MESSAGE)}
                </TableCell>
              </TableRow>
            )}
            {visible.map((row) => {
              const id = rowId(row);
              const name = rowName(row);
              const checked = selection?.isSelected(id) ?? false;
              const open = expanded.has(id);
              const updating = isUpdating?.(row) ?? false;
              return (
                <Fragment key={id}>
                  <TableRow hover selected={checked} aria-busy={updating || undefined}>
                    {expandedRow && (
                      <TableCell padding="checkbox">
                        <IconButton size="small" aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`} aria-expanded={open} onClick={() => toggleExpanded(id)}>
                          {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                        </IconButton>
                      </TableCell>
                    )}
                    {selection && (
                      <TableCell padding="checkbox">
                        <Checkbox size="small" slotProps={{ input: { 'aria-label': `Select ${name}` } }} checked={checked} onChange={() => selection.toggle(id)} />
                      </TableCell>
                    )}
                    {columns.map((column, index) => (
                      <TableCell key={column.id} sx={column.nowrap ? { whiteSpace: 'pre' } : { wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
                        {column.render(row)}
                        {updating && index === 0 && <LinearProgress aria-label={`Updating ${name}`} sx={{ mt: 0.5 }} />}
                      </TableCell>
                    ))}
                    {hasActions && (
                      <TableCell align="right" padding="none" sx={{ ...STICKY_END, pr: 1 }}>
                        <RowActionsMenu name={name} actions={rowActions!(row, () => toggleExpanded(id, true))} />
                      </TableCell>
                    )}
                  </TableRow>
                  {expandedRow && open && (
                    <TableRow>
                      <TableCell colSpan={columnCount} sx={{ bgcolor: 'action.hover' }} aria-label={`Details of ${name}`}>
                        {expandedRow(row)}
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {serverPaging ? <ServerPagingFooter count={sorted.length} paging={serverPaging} /> : <TableFooter count={sorted.length} page={page} pageSize={pageSize} onPage={setPage} />}
    </Paper>
  );
}

function TableFooter({ count, page, pageSize, onPage }: { count: number; page: number; pageSize: number; onPage(page: number): void }) {
  if (count > pageSize) {
    return (
      <TablePagination
        component="div"
        count={count}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
        onPageChange={(_event, next) => onPage(next)}
      />
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
      Displaying {count} {count === 1 ? 'item' : 'items'}
    </Typography>
  );
}

function ServerPagingFooter({ count, paging }: { count: number; paging: ServerPaging }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        Displaying {count} {count === 1 ? 'item' : 'items'}
      </Typography>
      {paging.pageCount !== undefined && (
        <Typography variant="body2" color="text.secondary">
          Page {paging.page ?? 1} of {paging.pageCount}
        </Typography>
      )}
      <TextField
        select
        size="small"
        label="Items per page"
        value={paging.pageSize}
        onChange={(event) => paging.onPageSize(Number(event.target.value))}
        sx={{ minWidth: 130 }}
      >
        {[...new Set([...PAGE_SIZE_CHOICES, paging.pageSize])].sort((a, b) => a - b).map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      {paging.hasPrev && (
        <Button size="small" onClick={paging.onPrev}>
          « Prev
        </Button>
      )}
      {paging.hasNext && (
        <Button size="small" onClick={paging.onNext}>
          Next »
        </Button>
      )}
    </Box>
  );
}
