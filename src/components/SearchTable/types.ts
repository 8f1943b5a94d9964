import type { ReactNode } from 'react';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'date'
  | 'datetime'
  | 'daterange'
  | 'datetimerange'
  | 'custom';

export interface FieldOption {
  label: string;
  value: string;
}

/** A value in the search model: text, a number, picked options, or a `[start, end]` pair. */
export type SearchValue = string | number | string[] | [string | null, string | null] | null;

export type SearchModel = Record<string, SearchValue | undefined>;

/** One search field of the table (spec §2, §5). */
export interface SearchField {
  name: string;
  label: string;
  type: FieldType;
  options?: readonly FieldOption[];
  /** Number bounds. */
  min?: number;
  max?: number;
  /** Text length bound. */
  maxLength?: number;
  placeholder?: string;
  /** A range sent as two named fields (`startTime`, `endTime`) instead of one pair. */
  rangeNames?: readonly [string, string];
  /** Draws a `custom` field. */
  render?: (value: SearchValue | undefined, onChange: (value: SearchValue) => void) => ReactNode;
}

/** What the table asks for: the page, its size and the applied search fields. */
export type TableQuery = { current: number; size: number } & Record<string, unknown>;

/** What a table's request answers (spec §7). */
export interface TablePage<T> {
  data: T[];
  total: number;
}

export type TableRequest<T> = (query: TableQuery) => Promise<TablePage<T>>;

export interface TableColumn<T> {
  key: string;
  title: string;
  width?: number;
  render?: (row: T, index: number) => ReactNode;
}
