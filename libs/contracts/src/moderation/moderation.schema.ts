import { z } from 'zod';

/** Why a joke is reported and why support takes one down (the domain's REPORT_REASONS; a check in the command API holds them equal). */
export const REPORT_REASON_VALUES = ['offensive', 'copyright', 'other'] as const;
export const reportReason = z.enum(REPORT_REASON_VALUES);
export type ReportReasonValue = z.infer<typeof reportReason>;

/** A reporter's own words: bounded, and kept out of every event (free text can name a person). */
export const REPORT_DETAILS_MAX = 500;
