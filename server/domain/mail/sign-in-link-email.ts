/**
 * The portal's "e-mail me a sign-in link" message: plain text, the link on a line of its own. It
 * says the current password keeps working, so an e-mail the affiliate did not ask for is harmless.
 */
export function signInLinkEmail({ workspaceName, affiliateName, acceptUrl }: { workspaceName: string; affiliateName?: string | null; acceptUrl: string }) {
  const greeting = affiliateName ? `Hello ${affiliateName},` : 'Hello,';
  return {
    subject: `Your sign-in link for the ${workspaceName} affiliate portal`,
    body: [
      greeting,
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
