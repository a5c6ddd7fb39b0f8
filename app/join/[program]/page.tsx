'use client';
import { useParams } from 'next/navigation';
import { Providers } from '../../_components/providers';
import { JoinForm } from './join-form';

export default function JoinPage() {
  const { program } = useParams<{ program: string }>();
  return (
    <Providers>
      <main className="flex min-h-screen items-center justify-center p-4">
        <JoinForm program={program} />
      </main>
    </Providers>
  );
}
