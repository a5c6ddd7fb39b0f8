import { Badge, Card, date } from '../../_components/ui';
import type { Status } from './types';

const OUTCOMES = ['applied', 'ignored', 'waiting', 'failed', 'rejected'] as const;

/** Connected or not, the secret in use, when the provider last reached us and how that went. */
export function StatusCard({ status }: { status: Status }) {
  return (
    <Card title="Status">
      <dl className="grid gap-3 text-sm sm:grid-cols-3" aria-label={`${status.label} status`}>
        <div>
          <dt className="text-slate-500">Connection</dt>
          <dd>
            <Badge value={status.connected ? 'connected' : 'not connected'} />
            {status.secret_hint && <span className="ml-2 font-mono text-xs text-slate-600">secret {status.secret_hint}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Last event received</dt>
          <dd data-testid="last-event">{date(status.last_event_at)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Events by outcome</dt>
          <dd className="flex flex-wrap gap-2">
            {OUTCOMES.map((o) => (
              <span key={o} data-testid={`count-${o}`}>
                {o} {status.counts[o] ?? 0}
              </span>
            ))}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
