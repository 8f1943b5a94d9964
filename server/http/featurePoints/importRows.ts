/**
 * Checks every row of an import against the same schema the editor's calls use, and words each
 * refusal the way the server's validation messages read, prefixed with where the row is.
 */
import type { FeatureFileFormat, FeatureImportProblem } from '../../../protocol/featurePoints.ts';
import type { ShapeProblem, RawRow } from '../../featurePoints/pointFile.ts';
import type { PointInput } from '../../featurePoints/pointSchema.ts';
import { pointInput } from '../../featurePoints/pointSchema.ts';
import type { Lang } from '../messages.ts';
import { message } from '../messages.ts';

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
}

const bound = (v: unknown): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

/** One issue as the API's 400 messages word it: always naming the field. */
function worded(issue: Issue, lang: Lang): { field: string; text: string } {
  const field = issue.path.map(String).join('.') || 'row';
  if (issue.code === 'invalid_type' && issue.message.includes('received undefined'))
    return { field, text: message('validation.required', lang, { field }) };
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
    return { field, text: message('validation.required', lang, { field }) };
  if (issue.code === 'too_small' && bound(issue.minimum))
    return {
      field,
      text: message('validation.too_small', lang, { field, min: String(issue.minimum) }),
    };
  if (issue.code === 'too_big' && bound(issue.maximum))
    return {
      field,
      text: message('validation.too_big', lang, { field, max: String(issue.maximum) }),
    };
  return { field, text: message('validation.invalid', lang, { field }) };
}

/** "第 3 行" / "line 3" for CSV, "第 2 个要素" / "feature 2" for GeoJSON (0: the file itself). */
export function whereIs(format: FeatureFileFormat, line: number, lang: Lang): string {
  if (line === 0) return lang === 'en' ? 'file' : '文件';
  if (format === 'csv') return lang === 'en' ? `line ${String(line)}` : `第 ${String(line)} 行`;
  return lang === 'en' ? `feature ${String(line)}` : `第 ${String(line)} 个要素`;
}

/** Problems an import answers with at most; the rest are counted, not listed. */
export const PROBLEMS_LISTED = 50;

export interface CheckedRows {
  points: PointInput[];
  /** The first `PROBLEMS_LISTED` problems, in the order they were found. */
  problems: FeatureImportProblem[];
  /** Every problem found, listed or not. */
  problemTotal: number;
  /** How many rows (or the file itself, line 0) have at least one problem. */
  badRows: number;
}

/**
 * Every row checked; the problems of the file's shape first, then each bad field of each row. Only
 * the first `PROBLEMS_LISTED` problems are worded and kept: a file of thousands of bad rows answers
 * with a short list and the count, not a list as long as the file.
 */
export function checkRows(
  format: FeatureFileFormat,
  rows: readonly RawRow[],
  shape: readonly ShapeProblem[],
  lang: Lang,
): CheckedRows {
  const problems: FeatureImportProblem[] = [];
  const badLines = new Set<number>();
  let problemTotal = 0;
  const found = (line: number, field: string, text: () => string) => {
    problemTotal++;
    badLines.add(line);
    if (problems.length < PROBLEMS_LISTED)
      problems.push({ line, field, message: `${whereIs(format, line, lang)}: ${text()}` });
  };
  for (const s of shape) {
    const key = s.problem === 'required' ? 'validation.required' : 'validation.invalid';
    found(s.line, s.field, () => message(key, lang, { field: s.field }));
  }
  const points: PointInput[] = [];
  for (const row of rows) {
    const parsed = pointInput.safeParse(row.input);
    if (parsed.success) {
      points.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues as Issue[]) {
      const { field, text } = worded(issue, lang);
      found(row.line, field, () => text);
    }
  }
  return { points, problems, problemTotal, badRows: badLines.size };
}
