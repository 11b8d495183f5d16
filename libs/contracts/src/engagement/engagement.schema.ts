import { z } from 'zod';

/** The Share menu's destinations (SPEC section 2): X was Twitter, SMS includes iMessage. */
export const SHARE_PLATFORM_VALUES = ['x', 'facebook', 'instagram', 'snapchat', 'sms', 'copy'] as const;
export const sharePlatform = z.enum(SHARE_PLATFORM_VALUES);
export type SharePlatformValue = z.infer<typeof sharePlatform>;

/** What the browser reports: SPEC section 3's analytics events and the page-view tracker's views. */
export const VISITOR_ACTIVITY_NAME_VALUES = ['page_view', 'generate_joke', 'rate_joke', 'share_joke'] as const;
export const visitorActivityName = z.enum(VISITOR_ACTIVITY_NAME_VALUES);
export type VisitorActivityNameValue = z.infer<typeof visitorActivityName>;

/** The dimensions of the engagement report. */
export const ENGAGEMENT_DIMENSIONS = ['day', 'comedian', 'length', 'topic', 'platform'] as const;
export const engagementDimension = z.enum(ENGAGEMENT_DIMENSIONS);
export type EngagementDimension = z.infer<typeof engagementDimension>;
