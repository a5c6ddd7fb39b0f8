import { rewardfulSource } from './rewardful/source';
import type { PeerSource } from './types';

// The platforms a program can be imported from, in one place: the CLI (`npx refcount import <peer>`)
// and the dashboard's Import page (app/dashboard/import/) both offer exactly these.
// docs/moving-from-another-platform.md

export type Peer = { label: string; make: (apiKey: string, baseUrl?: string) => PeerSource };

export const PEERS = {
  rewardful: { label: 'Rewardful', make: (apiKey, baseUrl) => rewardfulSource({ apiKey, baseUrl }) },
} satisfies Record<string, Peer>;

export type PeerName = keyof typeof PEERS;
export const PEER_NAMES = Object.keys(PEERS) as [PeerName, ...PeerName[]];
export const isPeer = (name: string): name is PeerName => Object.hasOwn(PEERS, name);
