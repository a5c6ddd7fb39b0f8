'use client';

/** A rendered e-mail: its subject, and its HTML part in a sandboxed frame (no script, no form). */
export function EmailPreview({ email }: { email: { subject: string; text: string; html: string } }) {
  return (
    <div className="space-y-2 rounded border bg-slate-50 p-3" data-testid="email-preview">
      <p>
        <span className="text-slate-500">Subject:</span> <span data-testid="email-preview-subject">{email.subject}</span>
      </p>
      <iframe title="E-mail preview" sandbox="" srcDoc={email.html} className="h-96 w-full rounded border bg-white" />
    </div>
  );
}
