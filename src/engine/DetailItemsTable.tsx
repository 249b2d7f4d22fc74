import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DetailTable, ResourceRecord } from '../descriptor';

/** Spec 1 §3: the text of a table with no rows. */
const NO_ITEMS = 'No items to display.';

/** A list field's items as rows: objects as they are, plain values (ids) as `{ id }`. */
export function detailTableRows(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => (item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : { id: item }));
}

/**
 * The table of a details tab (`DetailTab.table`), e.g. a server group's
 * members with Instance Name and Instance ID (spec 2 §2.3). Values are text,
 * never HTML; a missing value shows '-'.
 */
export function DetailItemsTable({ table, record }: { table: DetailTable<ResourceRecord>; record: ResourceRecord }) {
  const rows = detailTableRows(record[table.field]);
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {table.title}
      </Typography>
      <Table size="small" aria-label={table.title}>
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell key={column.field} sx={{ fontWeight: 600 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={table.columns.length}>{NO_ITEMS}</TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => (
              <TableRow key={String(row.id ?? index)}>
                {table.columns.map((column) => {
                  const value = row[column.field];
                  return <TableCell key={column.field}>{value === undefined || value === null || value === '' ? '-' : String(value)}</TableCell>;
                })}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}
