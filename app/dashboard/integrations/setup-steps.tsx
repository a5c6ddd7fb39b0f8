import { Card, CopyButton } from '../../_components/ui';
import { ApiKeyForm } from './api-key-form';
import { PaypalForm } from './paypal-form';
import { SecretForm } from './secret-form';
import type { Status } from './types';

// Checkout needs the visitor id that refcount.js keeps; this is the one line that passes it on
// (to the request that makes your server create the Checkout Session).
const CHECKOUT_LINE = "body: JSON.stringify(refcount.checkout({ price: 'price_…' }))  // adds client_reference_id: the visitor id";

/** The four steps, with the exact URL, the events to select and where the secret goes. */
export function SetupSteps({ status, canWrite }: { status: Status; canWrite: boolean }) {
  const events = status.events.map((e) => e.type);
  return (
    <Card title={`Connect ${status.label}`}>
      <ol className="list-decimal space-y-4 pl-5 text-sm">
        <li>
          <p>Add a webhook endpoint (event destination) at {status.label} with this URL:</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code data-testid="endpoint-url" className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all">
              {status.endpoint_url}
            </code>
            <CopyButton text={status.endpoint_url} label="Copy URL" />
          </div>
        </li>
        <li>
          <p>Select these events:</p>
          <ul className="mt-1 space-y-1" aria-label="Events to select">
            {status.events.map((e) => (
              <li key={e.type}>
                <code className="font-mono text-xs">{e.type}</code> <span className="text-slate-600">{e.effect}</span>
              </li>
            ))}
          </ul>
          {events.length > 0 && <CopyButton text={events.join('\n')} label="Copy event names" />}
        </li>
        <li>
          {status.client ? (
            <p>Save your REST app&apos;s credentials and the webhook&apos;s ID here.</p>
          ) : (
            <p>
              Paste its signing secret ({status.secret_example}) here. Where to find it: {status.secret_where}.
            </p>
          )}
          {!canWrite ? (
            <p className="text-slate-500">A viewer cannot change the connection.</p>
          ) : status.client ? (
            <PaypalForm status={status} />
          ) : (
            <SecretForm status={status} />
          )}
        </li>
        {status.api_key && (
          <li>
            <ApiKeyForm status={status} canWrite={canWrite} />
          </li>
        )}
        {status.provider === 'stripe' && (
          <li>
            <p>
              On your site, load <code className="font-mono text-xs">/refcount.js</code> and pass the visitor to Checkout:
            </p>
            <code className="mt-1 block rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all">{CHECKOUT_LINE}</code>
            <p className="mt-1 text-slate-600">
              Your server passes <code className="font-mono text-xs">client_reference_id</code> on to Checkout. Payment Links, buy buttons and pricing tables on the page get it
              automatically. Promotion codes named after an affiliate&apos;s code and <code className="font-mono text-xs">metadata.refcount_ref</code> work too.
            </p>
          </li>
        )}
      </ol>
    </Card>
  );
}
