/** The feature-point CSV reader and writer: quoting, line numbers of records and a lossless round trip. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/csv/csvReader.ts';
import { csvCell } from '../../server/csv/csvWriter.ts';
import { readCsv } from '../../server/featurePoints/pointFile.ts';

describe('feature-point CSV', () => {
  it('reads quoted cells with commas, quotes and line breaks, keeping each record’s first line', () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\nlast,1';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', 'z'] },
      { line: 6, cells: ['last', '1'] },
    ]);
  });

  it('writes cells that read back unchanged', () => {
    const cells = ['plain', 'a,b', 'q"uote', 'multi\nline', ' edge ', -45, 113.94];
    const line = cells.map(csvCell).join(',');
    expect(parseCsv(line)[0]?.cells).toEqual(cells.map(String));
  });

  it('names unknown and missing columns of the header', () => {
    const read = readCsv('name,lng,latitude\nA,1,2');
    expect(read.rows).toEqual([]);
    expect(read.problems).toEqual(
      expect.arrayContaining([
        { line: 1, field: 'lng', problem: 'invalid' },
        { line: 1, field: 'longitude', problem: 'required' },
        { line: 1, field: 'height', problem: 'required' },
      ]),
    );
  });

  it('reads numbers and class lists, leaving bad numbers for the check to name', () => {
    const read = readCsv('name,longitude,latitude,height,classes\nA,113.9,22.5,abc,person; smoke');
    expect(read.rows[0]).toEqual({
      line: 2,
      input: {
        name: 'A',
        longitude: 113.9,
        latitude: 22.5,
        height: 'abc',
        classes: ['person', 'smoke'],
      },
    });
  });
});
