'use client';
import { useMutation } from '@tanstack/react-query';
import { EmailLinkForm } from '../../_components/email-link-form';
import { useTRPC } from '../../_components/providers';

export default function ForgotPasswordPage() {
  const trpc = useTRPC();
  const request = useMutation(trpc.portal.requestSignInLink.mutationOptions());
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <EmailLinkForm title="E-mail me a sign-in link" request={request} backHref="/portal/login">
        We send a one-time link to choose a new password. Your current password keeps working until you use it.
      </EmailLinkForm>
    </main>
  );
}
