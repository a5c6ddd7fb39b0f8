/** The affiliate invitation: plain text, the accept link on a line of its own. */
export function inviteEmail({ workspaceName, affiliateName, acceptUrl }: { workspaceName: string; affiliateName?: string | null; acceptUrl: string }) {
  const greeting = affiliateName ? `Hello ${affiliateName},` : 'Hello,';
  return {
    subject: `You are invited to the ${workspaceName} affiliate program`,
    body: [
      greeting,
      '',
      `${workspaceName} invites you to join its affiliate program. Accept the invitation and set your password here:`,
      '',
      acceptUrl,
      '',
      'If you did not expect this e-mail, you can ignore it.',
      '',
    ].join('\n'),
  };
}
