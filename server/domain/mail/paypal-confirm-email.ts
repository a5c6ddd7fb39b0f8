/**
 * "Confirm your PayPal address": sent to the address the affiliate typed, so a payout never goes
 * to an address nobody reads (docs/paying-affiliates.md#payout-methods). Plain text, the link alone
 * on its line.
 */
export function paypalConfirmEmail({ workspaceName, confirmUrl }: { workspaceName: string; confirmUrl: string }) {
  return {
    subject: `Confirm your PayPal address for ${workspaceName} payouts`,
    body: [
      'Hello,',
      '',
      `You asked to receive your ${workspaceName} affiliate payouts through PayPal at this address. Confirm it here:`,
      '',
      confirmUrl,
      '',
      'Until you confirm, payouts to PayPal wait. If you did not ask for this, ignore this e-mail: nothing is paid here.',
      '',
    ].join('\n'),
  };
}
