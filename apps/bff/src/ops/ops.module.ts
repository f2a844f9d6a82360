import { Module } from '@nestjs/common';
import { OpsMetricsController } from '@mkt/observability';
import { HealthController } from './health.controller';

/** For operators and probes: health (liveness, readiness) and metrics. */
@Module({ controllers: [HealthController, OpsMetricsController] })
export class OpsModule {}
