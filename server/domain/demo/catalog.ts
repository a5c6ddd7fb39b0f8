import { createProduct } from '../products/write-product';
import { createReward } from '../rewards/write-reward';
import { setCommissionRule } from '../rules/set-rule';
import { systemActor, type WorkspaceCtx } from '../context';

export type DemoCampaigns = { main: string; creators: string };

/**
 * The demo's rates, catalog and reward library: 30 % for life on the partner program, a flat
 * $20 on the creators' first sale, a team plan redirected to the creators' rate, three library
 * rewards (one of them non-cash).
 */
export async function seedCatalog({ ctx: workspace, c }: { ctx: WorkspaceCtx; c: DemoCampaigns }) {
  const { db, workspaceId } = workspace;
  const ctx = { db, workspaceId, actor: systemActor('seed') };
  const standard = await createReward({ ctx, input: { name: 'Standard 30% for life', type: 'cash', terms: { amount: 30, length_type: 'lifetime', description: 'Our default partner rate' } } });
  await createReward({ ctx, input: { name: 'Launch bonus', type: 'cash', terms: { is_flat: true, amount: 2000, length_type: 'one_time', description: '$20 on a referred customer’s first payment' } } });
  await createReward({ ctx, input: { name: 'Free month of Pro', type: 'non_cash', terms: { is_flat: true, amount: 4900, length_type: 'one_time', description: 'A month of the Pro plan instead of cash' } } });
  await setCommissionRule({ ctx, campaignId: c.main, change: { library_reward_id: standard.id } });
  await setCommissionRule({ ctx, campaignId: c.creators, change: { name: 'Creator bonus', is_flat: true, amount: 2000, length_type: 'one_time' } });
  await createProduct({ ctx, input: { providerProductId: 'prod_starter', name: 'Starter plan' } });
  await createProduct({ ctx, input: { providerProductId: 'prod_pro', name: 'Pro plan' } });
  await createProduct({ ctx, input: { providerProductId: 'prod_team', name: 'Team plan', campaignId: c.creators } });
  await createProduct({ ctx, input: { providerProductId: 'prod_gift', name: 'Gift card', commissionable: false } });
}
