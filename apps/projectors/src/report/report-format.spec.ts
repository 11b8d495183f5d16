import { describe, expect, it } from '@jest/globals';
import type { EngagementReportRow } from '@jokes/read-models';
import { csvCell, formatReport, type ReportResult } from './report-format.js';

const row = (key: string, figures: Partial<EngagementReportRow> = {}): EngagementReportRow => ({
  key,
  generated: 3,
  rated: 2,
  rating_average: 3.5,
  rating_histogram: [0, 1, 0, 0, 1],
  shares: { x: 1, facebook: 0, instagram: 0, snapchat: 0, sms: 0, copy: 2 },
  shares_total: 3,
  page_views: 0,
  unique_visitors: 0,
  ...figures,
});
const result = (rows: EngagementReportRow[]): ReportResult => ({ report: 'engagement', position: '812.4000', events: 4000, by: 'topic', from: '2026-03-01', to: null, rows });

describe('the report as csv', () => {
  it('is a header named after the dimension and one line per key, nothing else', () => {
    expect(formatReport(result([row('cats'), row('dating apps', { rating_average: null, rated: 0 })]), 'csv').split('\r\n')).toEqual([
      'topic,generated,rated,rating_average,rating_1,rating_2,rating_3,rating_4,rating_5,shares_x,shares_facebook,shares_instagram,shares_snapchat,shares_sms,shares_copy,shares_total,page_views,unique_visitors',
      'cats,3,2,3.5,0,1,0,0,1,1,0,0,0,0,2,3,0,0',
      'dating apps,3,0,,0,1,0,0,1,1,0,0,0,0,2,3,0,0',
      '',
    ]);
  });

  it('quotes commas and quotes, and defuses a topic a spreadsheet would run as a formula', () => {
    expect(csvCell('cats, dogs')).toBe('"cats, dogs"');
    expect(csvCell('the "best" one')).toBe('"the ""best"" one"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@cmd')).toBe("'@cmd");
  });
});

describe('the report as json', () => {
  it('holds the position it was replayed up to beside the rows', () => {
    expect(JSON.parse(formatReport(result([row('cats')]), 'json'))).toEqual({ report: 'engagement', position: '812.4000', events: 4000, by: 'topic', from: '2026-03-01', to: null, rows: [row('cats')] });
  });
});

describe('the report as a table', () => {
  it('names the range and the position, and lines the figures up under their headers', () => {
    const lines = formatReport(result([row('cats'), row('the dentist', { generated: 1234 })]), 'table').split('\n');
    expect(lines[0]).toBe('Engagement by topic, from 2026-03-01: replayed 4,000 events up to position 812.4000');
    expect(lines[2]).toMatch(/^topic\s+generated\s+rated\s+rating_average/);
    expect(lines[5]).toMatch(/^the dentist\s+1,234\s+2\s+3.5\s/);
    // Figures are right-aligned under their header.
    const end = (line: string, text: string) => line.indexOf(text) + text.length;
    expect(end(lines[5]!, '1,234')).toBe(end(lines[2]!, 'generated'));
    expect(/^cats +3/.exec(lines[4]!)![0].length).toBe(end(lines[2]!, 'generated'));
  });

  it('says so when the range has no figures', () => {
    expect(formatReport({ report: 'funnel', position: '0.0', events: 0, from: null, to: null, days: [] }, 'table')).toContain('(no figures in this range)');
  });
});
