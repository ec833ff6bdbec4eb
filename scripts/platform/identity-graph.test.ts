import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CALL_GRAPH } from '@pc/kit/identity/call-graph';
import { CLIENT_PRINCIPALS, USER_FRONTS } from '@pc/kit/identity/principals';
import { SERVICES } from './service-list.cjs';

const values = parse(readFileSync(join(__dirname, '..', '..', 'charts', 'pricecompare', 'values.yaml'), 'utf8')) as {
  identity: { networkPolicies: { callers: Record<string, string[]> } };
};

describe('the call graph (services/kit/src/identity) and what depends on it', () => {
  it('names every service and client principal, so each has a key and its rights', () => {
    expect(Object.keys(CALL_GRAPH).sort()).toEqual([...SERVICES, ...CLIENT_PRINCIPALS].sort());
  });

  it("agrees with the chart's NetworkPolicies: a service reaches exactly the services it may call", () => {
    const fromGraph: Record<string, string[]> = {};
    for (const [caller, rights] of Object.entries(CALL_GRAPH)) {
      if (USER_FRONTS.has(caller) || caller === 'seed' || rights === '*') continue;
      for (const callee of Object.keys(rights)) (fromGraph[callee] ??= []).push(caller);
    }
    const sorted = (edges: Record<string, string[]>) =>
      Object.fromEntries(
        Object.entries(edges)
          .filter(([, callers]) => callers.length > 0)
          .map(([callee, callers]) => [callee, [...callers].sort()])
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    expect(sorted(values.identity.networkPolicies.callers)).toEqual(sorted(fromGraph));
  });
});
