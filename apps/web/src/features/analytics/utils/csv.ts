import { saveFile } from '../../../shared/browser/save-file';

export type CsvCell = string | number | null;

// A spreadsheet runs a cell that starts with one of these as a formula; a topic is typed by users.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180: comma-separated, CRLF line ends, quotes doubled inside quoted cells. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves `csv` as a file through the browser's download (no server round trip: it is what is shown). */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(fileName, csv, 'text/csv;charset=utf-8');
}
