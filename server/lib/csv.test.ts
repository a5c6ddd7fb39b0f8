import { describe, expect, it } from 'vitest';
import { csvCell, csvLines, toCsv } from './csv';

describe('csv', () => {
  it('quotes separators and quotes, keeps numbers, empties nulls', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], [12, null]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n12,\r\n');
  });
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(-15)).toBe('-15');
    expect(csvCell('-15.00')).toBe("'-15.00");
  });
});

describe('csvLines (files without a header, e.g. the PayPal payouts file)', () => {
  it('writes rows with the same cell rules as toCsv', () => {
    expect(csvLines([['+1@example.com', '1.00'], ['-x', '=cmd'], ['@a', '\tb'], ['\rc', 'a,b']])).toBe(
      `'+1@example.com,1.00\r\n'-x,'=cmd\r\n'@a,'\tb\r\n"'\rc","a,b"\r\n`,
    );
    expect(toCsv(['h'], [['=x']])).toBe(`h\r\n${csvLines([['=x']])}`);
  });
});
