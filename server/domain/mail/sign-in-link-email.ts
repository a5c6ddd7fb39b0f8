/**
 * The portal's "e-mail me a sign-in link" message: plain text, the link on a line of its own. It
 * says the current password keeps working, so an e-mail the affiliate did not ask for is harmless.
 * No affiliate name: an applicant typed it on the join page (application-email.ts says why).
 */
export function signInLinkEmail({ workspaceName, acceptUrl }: { workspaceName: string; acceptUrl: string }) {
  return {
    subject: `Your sign-in link for the ${workspaceName} affiliate portal`,
    body: [
      'Hello,',
      '',
      `Someone asked for a sign-in link for your ${workspaceName} affiliate account. Choose a new password and sign in here:`,
      '',
      acceptUrl,
      '',
      'The link works once. Until you use it, your current password keeps working.',
      'If you did not ask for this, you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
