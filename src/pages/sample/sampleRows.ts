import dayjs from 'dayjs';
import type { TablePage, TableQuery } from '../../components/SearchTable/types.ts';

export const CITIES = ['beijing', 'shanghai', 'guangzhou', 'shenzhen'] as const;
export const HOBBIES = ['reading', 'music', 'sport'] as const;
export const FRUITS = ['apple', 'banana', 'orange'] as const;

export interface SampleRow {
  id: number;
  nickname: string;
  email: string;
  description: string;
  published: boolean;
  gender: 'male' | 'female';
  city: (typeof CITIES)[number];
  hobby: (typeof HOBBIES)[number][];
  fruit: (typeof FRUITS)[number];
  date: string;
  /** 10-digit timestamps: read as seconds (spec §9). */
  time: number;
  number: number;
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** The `i`-th deterministic sample row. */
export function newSample(i: number): SampleRow {
  return {
    id: i + 1,
    nickname: `pilot-${String(i + 1).padStart(2, '0')}`,
    email: `pilot${i + 1}@skydeck.example`,
    description: `Sortie log ${i + 1}`,
    published: i % 3 !== 0,
    gender: i % 2 === 0 ? 'male' : 'female',
    city: pick(CITIES, i),
    hobby: [pick(HOBBIES, i), pick(HOBBIES, i + 1)],
    fruit: pick(FRUITS, i),
    date: dayjs('2026-01-01').add(i, 'day').format('YYYY-MM-DD'),
    time: 1_767_225_600 + i * 3_600,
    number: (i * 37) % 100,
  };
}

/** 57 deterministic rows, so the demo pages past one screen. */
export const SAMPLE_ROWS: SampleRow[] = Array.from({ length: 57 }, (_, i) => newSample(i));

function matches(row: SampleRow, q: TableQuery): boolean {
  const text = typeof q.nickname === 'string' ? q.nickname : '';
  if (text && !row.nickname.includes(text)) return false;
  if (typeof q.city === 'string' && row.city !== q.city) return false;
  if (typeof q.gender === 'string' && row.gender !== q.gender) return false;
  if (typeof q.number === 'number' && row.number < q.number) return false;
  if (typeof q.startDate === 'string' && row.date < q.startDate) return false;
  if (typeof q.endDate === 'string' && row.date > q.endDate) return false;
  return true;
}

/** The demo's request: filters and pages the rows like a server would. */
export function querySamples(
  rows: readonly SampleRow[],
  q: TableQuery,
): Promise<TablePage<SampleRow>> {
  const hits = rows.filter((r) => matches(r, q));
  const start = (q.current - 1) * q.size;
  return Promise.resolve({ data: hits.slice(start, start + q.size), total: hits.length });
}
