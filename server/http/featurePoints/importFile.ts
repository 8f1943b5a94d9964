/**
 * An import file read and checked, start to finish, with no I/O: the same function runs inline for
 * small files and on the import thread for large ones (see `importOffThread.ts`), so both give the
 * same answer. Rows are counted before they are read, and problems are listed only up to a cap, so
 * what it builds stays bounded by the import limit, not by the size of the file.
 */
import type { FeatureFileFormat, FeatureImportProblem } from '../../../protocol/featurePoints.ts';
import { FEATURE_IMPORT_MAX } from '../../../protocol/featurePoints.ts';
import { readCsv, readGeoJson } from '../../featurePoints/pointFile.ts';
import type { Lang } from '../messages.ts';
import { message } from '../messages.ts';
import type { CheckedRows } from './importRows.ts';
import { checkRows } from './importRows.ts';

/** What to read: the file's text, its format, and the language problems are worded in. */
export interface ImportJob {
  format: FeatureFileFormat;
  text: string;
  lang: Lang;
}

/** A file read and checked: its points when `problemTotal` is 0, else what is wrong with it. */
export interface ImportReading extends CheckedRows {
  /** True when the file was refused for holding more rows than one import takes. */
  tooMany: boolean;
}

/** A problem with the file as a whole (line 0). */
const fileProblem = (text: string): FeatureImportProblem => ({
  line: 0,
  field: 'text',
  message: text,
});

/** The refusal of a whole file for one reason, with no row read. */
export function fileRefusal(text: string, tooMany = false): ImportReading {
  return { points: [], problems: [fileProblem(text)], problemTotal: 1, badRows: 1, tooMany };
}

/** Reads and checks an import file; at most `FEATURE_IMPORT_MAX` rows are ever read. */
export function readImport({ format, text, lang }: ImportJob): ImportReading {
  const read = format === 'csv' ? readCsv(text) : readGeoJson(text);
  if (read.tooMany) {
    const max = String(FEATURE_IMPORT_MAX);
    return fileRefusal(message('feature.import_too_many', lang, { max }), true);
  }
  const checked = checkRows(format, read.rows, read.problems, lang);
  if (checked.problemTotal === 0 && checked.points.length === 0)
    return fileRefusal(message('feature.import_empty', lang));
  return { ...checked, tooMany: false };
}
