import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HealthController } from './health.controller.js';
import { ErrorFilter } from './http/error.filter.js';
import { InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { JokesModule } from './jokes/jokes.module.js';

@Module({
  imports: [InfrastructureModule, JokesModule],
  controllers: [HealthController],
  providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
})
export class AppModule {}
