import { Module } from '@nestjs/common';
import { RecordVisitorActivityController } from './record-visitor-activity.controller.js';

/** Anonymous visitor activity (page views and the SPEC's analytics events) on `visitor-{visitorId}`. */
@Module({
  controllers: [RecordVisitorActivityController],
})
export class AnalyticsModule {}
