import { actionErrorResponse, apiAction, privateJson } from '~/api/http/api-action.server';
import { donationStatusKey, transactionStatusKey } from '~/api/mappers/affiliate-keys.server';
import { recordPostback } from '~/services/affiliates.server';

const NETWORK = /^[a-z0-9][a-z0-9_-]{0,39}$/;
/** A network's postback or import is JSON of at most this size. */
const MAX_BODY_BYTES = 1_048_576;

/**
 * POST /postbacks/{network}: an affiliate network reports sales (ADR 043). The body goes to
 * affiliates untouched, with the X-Signature and X-Signature-Timestamp headers: affiliates checks
 * the HMAC before it reads anything, so no CSRF token is asked (a network is no browser).
 * Answers each transaction's state, and whether the postback changed anything (a repeat does not).
 */
export const action = apiAction(
  {
    POST: async ({ request, params }) => {
      const network = params.network ?? '';
      if (!NETWORK.test(network)) return privateJson({ message: 'Not found', error: 'Not found' }, 404);
      const declared = Number(request.headers.get('content-length') ?? 0);
      if (declared > MAX_BODY_BYTES)
        return privateJson({ message: 'The body is too large', error: 'The body is too large' }, 413);
      const body = new Uint8Array(await request.arrayBuffer());
      if (body.byteLength > MAX_BODY_BYTES)
        return privateJson({ message: 'The body is too large', error: 'The body is too large' }, 413);
      try {
        const { results } = await recordPostback(
          network,
          body,
          request.headers.get('x-signature') ?? '',
          request.headers.get('x-signature-timestamp') ?? '',
        );
        return privateJson({
          data: results.map((result) => ({
            transactionId: result.transaction?.externalId ?? '',
            status: transactionStatusKey(result.transaction?.status),
            changed: result.changed,
            ecotip: result.donation
              ? {
                  status: donationStatusKey(result.donation.status),
                  amount: result.donation.amount?.amountMinor ?? 0,
                  currency: result.donation.amount?.currency ?? '',
                }
              : null,
          })),
        });
      } catch (error) {
        return actionErrorResponse(error);
      }
    },
  },
  { csrf: false },
);
