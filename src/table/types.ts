import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  id: string;
  label: string;
  sortable: boolean;
  /** 1 is always shown; higher numbers are hidden first on narrow screens (spec 1 §9). */
  priority: number;
  /** Never wrap the cell; its own line breaks stay. */
  nowrap?: boolean;
  /** The value sorted on. */
  value(row: Row): unknown;
  /** The cell's content; text by default. */
  render(row: Row): ReactNode;
}

export interface SortState {
  column: string;
  direction: 'asc' | 'desc';
}

export interface RowAction {
  label: string;
  onSelect(): void;
  /** Shown but not usable, with `tooltip` saying why (spec 1 §8). */
  disabled?: boolean;
  tooltip?: string;
}

/** Next/Prev of a list the server pages with marker and limit (api-contract §1.6), or by offset with its page count. */
export interface ServerPaging {
  hasPrev: boolean;
  hasNext: boolean;
  onPrev(): void;
  onNext(): void;
  /** The rows asked per page, and the person's choice of it (kept in API_RESULT_PAGE_SIZE). */
  pageSize: number;
  onPageSize(size: number): void;
  /** The page shown (from 1) and how many there are, when the server tells its total (spec 3 §9.3). */
  page?: number;
  pageCount?: number;
  /** The server sorts: the rows stay in the order they came, and a header click is reported here. */
  onSort?(sort: SortState): void;
}

/** Spec 1 §8: the default tooltip of a row action that cannot be performed. */
export const DISABLED_ACTION_TOOLTIP = 'The action cannot be performed. The contents of this row have errors or are missing information.';
/** Spec 1 §8: added to the tooltip when the row can expand. */
export const EXPAND_ROW_HINT = 'Click here to expand the row and view the errors.';
