'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { Card, CopyButton, QueryState } from '../../_components/ui';

/** The public workspace id and the snippet carrying it, each with a copy button. */
export function WorkspaceIdAndSnippet({ workspaceId, snippet }: { workspaceId: string; snippet: string }) {
  return (
    <div className="space-y-3 text-sm">
      <div>
        <p className="text-slate-600">Workspace id (public: the snippet and your payment provider&apos;s endpoint carry it)</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code data-testid="workspace-id" className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all">
            {workspaceId}
          </code>
          <CopyButton text={workspaceId} label="Copy workspace id" />
        </div>
      </div>
      <div>
        <p className="text-slate-600">Add this tag to every page of your site, before &lt;/body&gt;:</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code data-testid="tracking-snippet" className="min-w-0 rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all">
            {snippet}
          </code>
          <CopyButton text={snippet} label="Copy snippet" />
        </div>
      </div>
    </div>
  );
}

/** Settings' "Tracking" card: where the checklist's tracking step links. */
export function TrackingCard() {
  const trpc = useTRPC();
  const q = useQuery(trpc.onboarding.checklist.queryOptions());
  const d = q.data?.data;
  return (
    <div id="tracking">
      <Card title="Tracking">
        <QueryState q={q}>{d && <WorkspaceIdAndSnippet workspaceId={d.workspace_id} snippet={d.snippet} />}</QueryState>
      </Card>
    </div>
  );
}
