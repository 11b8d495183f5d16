import { describe, expect, it } from '@jest/globals';
import { exportFileName, exportFileText } from './data-export-file';

describe('the data export file', () => {
  it("takes the server's file name from its content-disposition", () => {
    expect(exportFileName('attachment; filename="standup-jokes-data-2026-11-23.json"', '2026-01-01T00:00:00.000Z')).toBe(
      'standup-jokes-data-2026-11-23.json',
    );
    expect(exportFileName('attachment; filename=standup-jokes-data-2026-11-23.json', '2026-01-01T00:00:00.000Z')).toBe(
      'standup-jokes-data-2026-11-23.json',
    );
  });

  it('names the file by the generation date (UTC) without the header', () => {
    expect(exportFileName(null, '2026-11-23T23:59:59.000Z')).toBe('standup-jokes-data-2026-11-23.json');
    expect(exportFileName('attachment', '2026-11-23T06:00:00.000+09:00')).toBe('standup-jokes-data-2026-11-22.json');
  });

  it('never takes a header name of another shape (no paths, no other files)', () => {
    expect(exportFileName('attachment; filename="../../.bashrc"', '2026-11-23T06:00:00.000Z')).toBe('standup-jokes-data-2026-11-23.json');
    expect(exportFileName('attachment; filename="report.exe"', '2026-11-23T06:00:00.000Z')).toBe('standup-jokes-data-2026-11-23.json');
  });

  it('writes indented JSON that parses back to the document', () => {
    const document = { format: 'standup-jokes-export/1', user: { email: 'ana@example.com' }, jokes: [] };

    const text = exportFileText(document);

    expect(JSON.parse(text)).toEqual(document);
    expect(text).toContain('\n  "user": {\n    "email": "ana@example.com"\n  }');
    expect(text.endsWith('\n')).toBe(true);
  });
});
