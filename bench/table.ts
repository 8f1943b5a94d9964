import type { BenchResult } from './section.ts';

/** Formats numbers with thin grouping so wide values stay readable in a terminal. */
function cell(value: string | number): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

/** A result as an aligned plain-text table (numbers right-aligned), followed by its notes. */
export function formatTable(result: BenchResult): string {
  const cells = [result.columns, ...result.rows.map((row) => row.map(cell))];
  const widths = result.columns.map((_c, i) =>
    Math.max(...cells.map((row) => (row[i] ?? '').length)),
  );
  const numeric = result.columns.map((_c, i) =>
    result.rows.every((row) => typeof row[i] === 'number'),
  );
  const line = (row: string[]) =>
    row
      .map((text, i) => (numeric[i] ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const [head = [], ...body] = cells;
  const notes = result.notes.map((note) => `  · ${note}`);
  return [result.title, line(head), rule, ...body.map(line), ...notes].join('\n');
}

/** A result as a Markdown section. */
export function formatMarkdown(result: BenchResult, date: string): string {
  const row = (values: (string | number)[]) => `| ${values.map(cell).join(' | ')} |`;
  return [
    `## ${result.title}`,
    '',
    `Measured ${date}.`,
    '',
    row(result.columns),
    row(result.columns.map(() => '---')),
    ...result.rows.map(row),
    '',
    ...result.notes.map((note) => `- ${note}`),
  ].join('\n');
}
