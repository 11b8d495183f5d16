import { REPORT_REASON_VALUES, type ReportedJoke, type ReportReasonValue } from '@jokes/contracts';

/** The Copyright Notice promises removal within 48 hours; half of it gone, a report is flagged. */
export const REPORT_ATTENTION_SECONDS = 24 * 3600;

/** '45 min', '5 h', '2 d 3 h': how long the oldest report has waited. */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const rest = hours % 24;
  return rest === 0 ? `${Math.floor(hours / 24)} d` : `${Math.floor(hours / 24)} d ${rest} h`;
}

/** The reason most reporters gave (the first of the list on a tie): the withdrawal's default reason. */
export function mainReason(reasons: ReportedJoke['reasons']): ReportReasonValue {
  return REPORT_REASON_VALUES.reduce((best, reason) => ((reasons[reason] ?? 0) > (reasons[best] ?? 0) ? reason : best));
}
