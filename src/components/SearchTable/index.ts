export { SearchTable } from './SearchTable.tsx';
export { SearchForm } from './SearchForm.tsx';
export { useSearchTable, type SearchTableController, type TableStatus } from './useSearchTable.ts';
export { DEFAULT_PAGE_SIZE, PAGE_SIZES, isModelEmpty, toQuery } from './searchModel.ts';
export type * from './types.ts';
