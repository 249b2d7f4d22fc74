import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  id: string;
  label: string;
  sortable: boolean;
  /** 1 is always shown; higher numbers are hidden first on narrow screens (spec 1 §9). */
  priority: number;
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
}
