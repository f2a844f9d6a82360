/** What a started tracing setup leaves to do at exit: send the spans it still holds. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Whether the standard OpenTelemetry settings ask for traces: an exporter named in
 * `OTEL_TRACES_EXPORTER` (not `none`) or an OTLP endpoint, and `OTEL_SDK_DISABLED` not `true`.
 * Nothing set means off.
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (exporters.includes('none')) return false;
  return (
    exporters.length > 0 || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  );
}

/**
 * Starts the OpenTelemetry SDK when the environment asks for traces, exporting them as its OTEL_*
 * settings say (metrics and logs are not its job here). Off, the SDK is not even loaded: spans stay
 * no-ops, and the W3C trace context still travels (libs/messaging's tracing).
 */
export async function startTracing(service: string): Promise<Tracing> {
  if (!tracingRequested()) return { shutdown: async () => undefined };
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || service,
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
