import { describe, expect, it } from '@jest/globals';
import { toCsv } from './csv';

describe('CSV of a report', () => {
  it('writes a header and rows, comma-separated with CRLF line ends, an empty cell for no value', () => {
    expect(toCsv(['key', 'generated', 'rating_average'], [['2026-03-01', 3, '4.00'], ['2026-03-02', 0, null]])).toBe(
      'key,generated,rating_average\r\n2026-03-01,3,4.00\r\n2026-03-02,0,\r\n',
    );
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(toCsv(['key'], [['dogs, cats'], ['the "best"'], ['two\nlines']])).toBe('key\r\n"dogs, cats"\r\n"the ""best"""\r\n"two\nlines"\r\n');
  });

  it('keeps a topic that looks like a formula from running in a spreadsheet', () => {
    expect(toCsv(['key'], [['=HYPERLINK("http://evil")'], ['+1'], ['@sum'], ['-x']])).toBe(
      'key\r\n"\'=HYPERLINK(""http://evil"")"\r\n\'+1\r\n\'@sum\r\n\'-x\r\n',
    );
  });
});
