import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-policy';

export type TargetAddress = { address: string; family: 4 | 6 };

/** A URL we will not call; the message is safe to show to the endpoint's owner. */
export class UnsafeTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeTargetError';
  }
}

export function assertScheme(url: URL, allowPrivate: boolean) {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new UnsafeTargetError('must be an https URL');
  }
}

/**
 * Resolves the target's host and checks every address it resolves to. The caller connects to
 * one of the returned addresses and never resolves again, so a DNS answer that changes between
 * the check and the connection (rebinding) cannot steer the request inside our network.
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<TargetAddress[]> {
  assertScheme(url, allowPrivate);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: TargetAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })) as TargetAddress[];
    } catch {
      throw new UnsafeTargetError(`${host} does not resolve`);
    }
    if (!addresses.length) throw new UnsafeTargetError(`${host} does not resolve`);
  }
  if (!allowPrivate) {
    const inner = addresses.find((a) => !isPublicAddress(a.address));
    // The resolved address stays unsaid: echoing it would map our internal network for a caller.
    if (inner) throw new UnsafeTargetError(`${host} is not a public address`);
  }
  return addresses;
}
