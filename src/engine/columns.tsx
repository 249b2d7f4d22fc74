import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { fieldTitle } from '../schema/fields';
import { columnPriority } from '../table/priority';
import type { SortState, TableColumn } from '../table/types';
import { FieldText } from './FieldText';
import { nestedLink } from './nested';
import { detailLink, idOf } from './registry';

/**
 * Table columns from a descriptor: header from the schema title, text from
 * the schema's enum labels, and a link to the detail route where asked.
 * Values are rendered as React text, never as HTML. `basePath` is the
 * nested details page the table is in, if any.
 */
export function tableColumns(descriptor: AnyResourceDescriptor, basePath?: string): TableColumn<ResourceRecord>[] {
  const dashboard = descriptor.panel?.dashboard;
  // A column of some dashboards only (the admin panels' Project) is left out elsewhere.
  const shown = descriptor.columns.filter((column) => !column.dashboards || (dashboard !== undefined && column.dashboards.includes(dashboard)));
  return shown.map((column) => ({
    id: column.field,
    label: column.label ?? fieldTitle(descriptor, column.field),
    sortable: column.sortable ?? true,
    priority: columnPriority(column.priority, column.field),
    nowrap: column.nowrap,
    value: (row) => row[column.field],
    render(row) {
      const text = <FieldText descriptor={descriptor} field={column.field} value={row[column.field]} />; // dates in the user's zone
      if (typeof column.link === 'object') {
        const to = linkTarget(column.link.to, descriptor, row);
        return to ? (
          <Link component={RouterLink} to={to}>
            {text}
          </Link>
        ) : (
          text
        );
      }
      if (column.link !== 'detail' || !descriptor.detail) return text;
      return (
        // In a nested details page a nested resource's names link one level down its path (spec 3 §2.1).
        <Link component={RouterLink} to={nestedLink(descriptor, idOf(descriptor, row), basePath, row) ?? detailLink(descriptor, idOf(descriptor, row))}>
          {text}
        </Link>
      );
    },
  }));
}

export function defaultSort(descriptor: AnyResourceDescriptor): SortState | undefined {
  const column = descriptor.columns.find((candidate) => candidate.defaultSort);
  return column && { column: column.field, direction: column.defaultSort! };
}

/** Fills a column's link template; undefined when a field it names is empty. */
function linkTarget(template: string, descriptor: AnyResourceDescriptor, row: ResourceRecord): string | undefined {
  let missing = false;
  const to = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = key === 'dashboard' ? descriptor.panel?.dashboard : row[key];
    if (value === undefined || value === null || value === '') missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? undefined : to;
}
