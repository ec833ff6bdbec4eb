import QRCode from 'qrcode';
import type { StartTwoStepSetupResponse } from '@pc/proto/accounts/v1/accounts';
import { secretGroups } from './secret-groups';

/** What the account page shows of a started setup (ADR 153): only in that answer, never kept by the site. */
export interface TwoStepSetupView {
  /** The otpauth:// URI as a QR code, drawn here (no request to another site, nothing in the browser's cache). */
  readonly qrSvg: string;
  /** The secret for typing, in groups of four. */
  readonly secretGroups: string[];
}

export async function twoStepSetupView(started: StartTwoStepSetupResponse): Promise<TwoStepSetupView> {
  return {
    qrSvg: await QRCode.toString(started.otpauthUri, { type: 'svg', margin: 1 }),
    secretGroups: secretGroups(started.secret),
  };
}
