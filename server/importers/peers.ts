import { firstPromoterSource } from './firstpromoter/source';
import { partnerStackSource } from './partnerstack/source';
import { rewardfulSource } from './rewardful/source';
import { toltSource } from './tolt/source';
import type { PeerSource } from './types';

// The platforms a program can be imported from, in one place: the CLI (`npx refcount import <peer>`)
// and the dashboard's Import page (app/dashboard/import/) both offer exactly these, asking for
// the same things (docs/moving-from-another-platform.md).

/** What an import of a peer is given: the key, the one id some APIs need beside it, the workspace's currency. */
export type PeerInput = { apiKey: string; account: string | null; currency: string; baseUrl?: string };

export type Peer = {
  label: string;
  /** Where the key is found in the peer's own settings. */
  keyHint: string;
  /** The id the peer's API needs with the key (FirstPromoter's account, Tolt's program), with its CLI flag; null: none. */
  account: { label: string; flag: 'account-id' | 'program-id' } | null;
  /** What is wrong with a key of this peer's shape, in words; null: nothing seen. */
  keyProblem: (apiKey: string) => string | null;
  make: (input: PeerInput) => PeerSource;
};

const anyKey = () => null;

export const PEERS = {
  rewardful: {
    label: 'Rewardful',
    keyHint: 'the API secret, under Company settings → API',
    account: null,
    keyProblem: anyKey,
    make: ({ apiKey, baseUrl }) => rewardfulSource({ apiKey, baseUrl }),
  },
  firstpromoter: {
    label: 'FirstPromoter',
    keyHint: 'an API key and your Account ID, under Settings → Integrations → Manage API keys',
    account: { label: 'Account ID', flag: 'account-id' },
    keyProblem: anyKey,
    make: ({ apiKey, account, currency, baseUrl }) => firstPromoterSource({ apiKey, accountId: account ?? '', currency, baseUrl }),
  },
  tolt: {
    label: 'Tolt',
    keyHint: 'an API key under Settings → Integrations, and the program id (prg_…)',
    account: { label: 'Program ID', flag: 'program-id' },
    keyProblem: anyKey,
    make: ({ apiKey, account, currency, baseUrl }) => toltSource({ apiKey, programId: account ?? '', currency, baseUrl }),
  },
  partnerstack: {
    label: 'PartnerStack',
    keyHint: 'both keys as PUBLIC_KEY:SECRET_KEY, under Settings → Integrations → PartnerStack API keys',
    account: null,
    keyProblem: (apiKey) => (/^[^:]+:.+$/.test(apiKey) ? null : 'PartnerStack takes both its keys in one: "PUBLIC_KEY:SECRET_KEY"'),
    make: ({ apiKey, baseUrl }) => partnerStackSource({ apiKey, baseUrl }),
  },
} satisfies Record<string, Peer>;

export type PeerName = keyof typeof PEERS;
export const PEER_NAMES = Object.keys(PEERS) as [PeerName, ...PeerName[]];
export const isPeer = (name: string): name is PeerName => Object.hasOwn(PEERS, name);
