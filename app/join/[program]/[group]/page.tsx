'use client';
import { useParams } from 'next/navigation';
import { Providers } from '../../../_components/providers';
import { JoinForm } from '../join-form';

// /join/{program}/{group}: a partner group's join page (docs/groups-bounties-recruiters.md#join-page-and-auto-approval).
export default function GroupJoinPage() {
  const { program, group } = useParams<{ program: string; group: string }>();
  return (
    <Providers>
      <main className="flex min-h-screen items-center justify-center p-4">
        <JoinForm program={program} group={group} />
      </main>
    </Providers>
  );
}
