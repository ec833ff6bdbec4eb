import { Metadata } from '@grpc/grpc-js';
import { pino } from 'pino';
import { InboundCallContext, type InboundCall } from './call-context.js';

const log = pino({ level: 'silent' });
const call = (fields: Partial<InboundCall>): InboundCall => ({ method: '/test.v1.Test/Echo', metadata: new Metadata(), deadline: Infinity, cancelled: false, ...fields });

describe('InboundCallContext.signal', () => {
  // The transport sends DEADLINE_EXCEEDED and then cancels the context; a signal that aborted on a
  // clock of its own let a handler that gives up on it answer INTERNAL first (a flaky CI failure).
  it('aborts when the transport ends the call, not on a clock of its own past the deadline', async () => {
    const context = new InboundCallContext(call({ deadline: Date.now() + 20 }), log);
    const { signal } = context;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(context.isCancelled).toBe(true);
    expect(signal.aborted).toBe(false);
    context.cancel();
    expect(signal.aborted).toBe(true);
  });

  it('is aborted already when read after the transport ended the call', () => {
    expect(new InboundCallContext(call({ cancelled: true }), log).signal.aborted).toBe(true);
    expect(new InboundCallContext(call({ deadline: Date.now() - 1 }), log).signal.aborted).toBe(false);
  });
});
