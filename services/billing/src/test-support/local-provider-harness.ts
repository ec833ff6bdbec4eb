import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { ContractHarness } from '../provider/contracts/payment-provider.contract.js';
import { answerAuthentication, confirmSetupWithCard } from '../provider/local/local-checkout.js';
import { LocalProvider } from '../provider/local/local-provider.js';
import { LocalState } from '../provider/local/local-state.js';

export const RETURN_URL = 'http://127.0.0.1:3000/business/billing/return';

/** The local provider on an embedded store in a temporary directory; cards go through its card page's logic. */
export async function localHarness(): Promise<
  ContractHarness & { local: LocalProvider; card(customerId: string, number: string): Promise<string> }
> {
  const dir = mkdtempSync(join(tmpdir(), 'billing-provider-'));
  const store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  const local = new LocalProvider(await LocalState.open(store), { publicUrl: () => 'http://127.0.0.1:9' });
  const card = async (customerId: string, number: string): Promise<string> => {
    const intent = await local.createSetupIntent(customerId);
    const outcome = await confirmSetupWithCard(local, intent.id, intent.clientSecret, RETURN_URL, {
      number,
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    if (!('redirect' in outcome)) throw new Error(outcome.error);
    // A card that asks for 3-D Secure on setup: the owner completes it.
    if (outcome.redirect.includes('/local-provider/authenticate/'))
      await answerAuthentication(local, intent.id, intent.clientSecret, true);
    const after = await local.retrieveSetupIntent(intent.id);
    return after.paymentMethodId;
  };
  return {
    provider: local,
    local,
    card,
    succeedingCard: (customerId) => card(customerId, '4242 4242 4242 4242'),
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
