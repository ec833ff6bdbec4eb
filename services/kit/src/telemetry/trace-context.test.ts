import { currentTraceIds, outgoingTraceparent, runInTrace } from './trace-context.js';

describe('trace context without the OpenTelemetry SDK', () => {
  it('continues the trace of an incoming traceparent with a new span', () => {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    runInTrace(incoming, () => {
      const ids = currentTraceIds();
      expect(ids?.trace_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(ids?.span_id).toMatch(/^[0-9a-f]{16}$/);
      expect(ids?.span_id).not.toBe('00f067aa0ba902b7');
      expect(outgoingTraceparent()).toBe(`00-4bf92f3577b34da6a3ce929d0e0e4736-${ids?.span_id}-01`);
    });
  });

  it('starts a fresh, unique trace when there is none or it is malformed', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      runInTrace(i % 2 ? undefined : 'garbage', () => {
        const id = currentTraceIds()?.trace_id ?? '';
        expect(id).toMatch(/^[0-9a-f]{32}$/);
        seen.add(id);
      });
    }
    expect(seen.size).toBe(1000);
  });

  it('has no trace outside a call', () => {
    expect(currentTraceIds()).toBeUndefined();
    expect(outgoingTraceparent()).toBeUndefined();
  });
});
