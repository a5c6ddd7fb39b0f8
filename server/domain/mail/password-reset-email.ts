/** A manager's password reset: plain text, the link on a line of its own; harmless if not asked for. */
export function passwordResetEmail({ resetUrl }: { resetUrl: string }) {
  return {
    subject: 'Reset your Refcount password',
    body: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Refcount dashboard account. Choose a new password here:',
      '',
      resetUrl,
      '',
      'The link works once, for one hour. Until you use it, your current password keeps working.',
      'If you did not ask for this, you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
