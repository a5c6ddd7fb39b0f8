/**
 * Sent when someone applies on the join page: the link confirms the address and sets the portal
 * password (the invitation link of invite-token.ts). It says where the application stands.
 * Whoever fills the form chooses the name and the recipient, so the name is left out: mail
 * clients turn text like "evil.example" into a link, and the program's sender would carry it.
 */
export function applicationEmail({ programName, acceptUrl, approved }: { programName: string; acceptUrl: string; approved: boolean }) {
  return {
    subject: approved ? `Welcome to the ${programName} affiliate program` : `Your application to the ${programName} affiliate program`,
    body: [
      'Hello,',
      '',
      approved
        ? `You are in: your ${programName} affiliate account is active.`
        : `Thank you for applying to the ${programName} affiliate program. We review applications by hand and will e-mail you when yours is approved.`,
      '',
      'Confirm your e-mail address and choose your portal password here:',
      '',
      acceptUrl,
      '',
      'The link works once, for 14 days. If you did not apply, you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}

/** Sent instead when the address already has an account: the answer on the page is the same, so it tells nobody else. */
export function alreadyAppliedEmail({ programName, portalUrl }: { programName: string; portalUrl: string }) {
  return {
    subject: `You already have a ${programName} affiliate account`,
    body: [
      'Hello,',
      '',
      `Someone applied to the ${programName} affiliate program with this e-mail address, which already has an account.`,
      `Sign in at ${portalUrl}/portal/login, or ask for a sign-in link there if you forgot your password.`,
      '',
      'If this was not you, you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
