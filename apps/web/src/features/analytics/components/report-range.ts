/** The dashboard's date range: UTC days, YYYY-MM-DD, either end open. */
export interface ReportRange {
  from?: string;
  to?: string;
}
