import type { ApiAnswer } from './api-client';
import { askWithRetries } from './ask-with-retries';

const answer = (status: number): ApiAnswer<string> => ({
  status,
  ok: status >= 200 && status < 300,
  retryAfter: null,
  body: status === 200 ? 'picks' : null,
});

/** A read answering the given statuses in turn ('throw': the network failed). */
function reads(...statuses: (number | 'throw')[]) {
  const calls: number[] = [];
  const read = () => {
    const next = statuses[calls.length] ?? 200;
    calls.push(calls.length);
    return next === 'throw' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(answer(next));
  };
  return { read, calls };
}

describe('askWithRetries', () => {
  const slept: number[] = [];
  const sleep = (ms: number) => {
    slept.push(ms);
    return Promise.resolve();
  };
  beforeEach(() => slept.splice(0));

  it('asks again after a busy server and a failed network, and returns the answer that came', async () => {
    const { read, calls } = reads(503, 'throw', 200);
    const got = await askWithRetries(read, [10, 20, 30], sleep);
    expect(got).toMatchObject({ status: 200, body: 'picks' });
    expect(calls).toHaveLength(3);
    expect(slept).toEqual([10, 20]);
  });

  it('takes a refusal as final: a signed-out read is not asked again', async () => {
    const { read, calls } = reads(401, 200);
    expect((await askWithRetries(read, [10, 20], sleep)).status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it('gives up after the last delay with the last failure', async () => {
    const { read, calls } = reads(500, 429, 502, 200);
    expect((await askWithRetries(read, [10, 20], sleep)).status).toBe(502);
    expect(calls).toHaveLength(3);
  });
});
