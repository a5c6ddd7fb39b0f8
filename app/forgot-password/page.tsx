'use client';
import { useMutation } from '@tanstack/react-query';
import { EmailLinkForm } from '../_components/email-link-form';
import { Providers, useTRPC } from '../_components/providers';

function Forgot() {
  const trpc = useTRPC();
  const request = useMutation(trpc.team.requestPasswordReset.mutationOptions());
  return (
    <EmailLinkForm title="Reset your password" request={request} backHref="/login">
      Enter your dashboard e-mail: we send you a link to choose a new password.
    </EmailLinkForm>
  );
}

// A manager's "forgot your password?".
export default function ForgotPasswordPage() {
  return (
    <Providers>
      <main className="flex min-h-screen items-center justify-center p-4">
        <Forgot />
      </main>
    </Providers>
  );
}
