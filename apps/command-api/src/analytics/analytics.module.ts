import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RecordVisitorActivityController } from './record-visitor-activity.controller.js';
import { RecordVisitorActivityHandler } from './record-visitor-activity.handler.js';

/** Anonymous visitor activity (page views and the SPEC's analytics events) on `visitor-{visitorId}`. */
@Module({
  imports: [CqrsModule],
  controllers: [RecordVisitorActivityController],
  providers: [RecordVisitorActivityHandler],
})
export class AnalyticsModule {}
