import { describe, expect, it } from '@jest/globals';
import { parseReportArgs } from './report-args.js';

describe('the report command line', () => {
  it('defaults to every day, by day, as a table', () => {
    expect(parseReportArgs(['engagement'])).toEqual({ report: 'engagement', from: null, to: null, by: 'day', format: 'table' });
  });

  it('takes a range, a dimension and a format, as --name value or --name=value', () => {
    expect(parseReportArgs(['engagement', '--from', '2026-03-01', '--to=2026-03-31', '--by', 'topic', '--format=csv'])).toEqual({
      report: 'engagement',
      from: '2026-03-01',
      to: '2026-03-31',
      by: 'topic',
      format: 'csv',
    });
    expect(parseReportArgs(['funnel', '--format', 'json'])).toMatchObject({ report: 'funnel', format: 'json' });
  });

  it('takes the refusals report by day or by comedian', () => {
    expect(parseReportArgs(['refusals'])).toEqual({ report: 'refusals', from: null, to: null, by: 'day', format: 'table' });
    expect(parseReportArgs(['refusals', '--by', 'comedian'])).toMatchObject({ report: 'refusals', by: 'comedian' });
  });

  it.each([
    [[], /engagement, funnel or refusals/],
    [['refusals', '--by', 'topic'], /refusals report's --by must be one of day, comedian: topic/],
    [['trials'], /Unknown report: trials/],
    [['engagement', '--from', '2026-02-30'], /--from must be a day/],
    [['engagement', '--to', '03/01/2026'], /--to must be a day/],
    [['engagement', '--from', '2026-03-02', '--to', '2026-03-01'], /after --to/],
    [['engagement', '--by', 'user'], /--by must be one of day, comedian, length, topic, platform/],
    [['engagement', '--format', 'xml'], /--format must be one of table, csv, json/],
    [['engagement', '--by'], /--by needs a value/],
    [['engagement', '--verbose'], /Unknown argument: --verbose/],
    [['funnel', '--by', 'comedian'], /by day only/],
  ])('refuses %j, saying why', (argv, message) => {
    expect(() => parseReportArgs(argv)).toThrow(message);
  });
});
