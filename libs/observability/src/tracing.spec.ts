import { SpanKind, trace } from '@opentelemetry/api';
import { startSpan } from '@mkt/messaging';
import { startTracing, tracingRequested } from './tracing';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('tracing', () => {
  it('is off unless an exporter or an OTLP endpoint is named, and OTEL_SDK_DISABLED turns it off', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console, otlp' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(
      tracingRequested({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
    ).toBe(false);
  });

  describe('started', () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });

    it('records nothing by default, yet carries the incoming trace on', async () => {
      const tracing = await startTracing('test');
      const work = startSpan('GET', SpanKind.SERVER, { traceparent: PARENT });
      const span = trace.getSpan(work.trace)!;
      expect(span.isRecording()).toBe(false);
      expect(span.spanContext()).toMatchObject({
        traceId: PARENT.split('-')[1],
        spanId: PARENT.split('-')[2],
      });
      // No parent: a trace of its own all the same, for the logs and the next hops.
      expect(trace.getSpan(startSpan('GET', SpanKind.SERVER, {}).trace)!.spanContext().traceId).toMatch(
        /^(?!0+$)[0-9a-f]{32}$/,
      );
      await tracing.shutdown();
    });

    it('records child spans of the incoming trace once an exporter is named', async () => {
      process.env.OTEL_TRACES_EXPORTER = 'console';
      const tracing = await startTracing('test');
      const work = startSpan('GET', SpanKind.SERVER, { traceparent: PARENT });
      const span = trace.getSpan(work.trace)!;
      expect(span.isRecording()).toBe(true);
      expect(span.spanContext().traceId).toBe(PARENT.split('-')[1]);
      expect(span.spanContext().spanId).not.toBe(PARENT.split('-')[2]);
      await tracing.shutdown();
    });
  });
});
