import { Module } from '@nestjs/common';
import { OpsMetricsController } from '@mkt/platform';
import { HealthController } from './health.controller';

/** For operators and probes: health (liveness, readiness) and metrics. */
@Module({ controllers: [HealthController, OpsMetricsController] })
export class OpsModule {}
