import { undoEmailChangeLink } from '~/api/endpoints/auth-account.server';
import { privateLoader } from '~/api/http/api-action.server';

/** GET auth/undo-email-change?user=…&token=… (mailed to the old address after an e-mail change) → {locale}/login?restored=1|0. */
export const loader = privateLoader(undoEmailChangeLink);
