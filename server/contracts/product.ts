import { z } from 'zod';
import type { products } from '@/db/schema';
import { iso, one, text, timestamp, uuid } from './common';

/** The payment provider's product id (Stripe's `prod_…`); any text up to 200 characters. */
export const providerProductId = z.string().trim().min(1).max(200);

export const productRecord = z
  .object({
    id: uuid,
    provider_product_id: text(200),
    name: text(200),
    commissionable: z.boolean(),
    campaign_id: uuid.nullable().describe('set: sales of this product earn that campaign\'s rate'),
    created_at: timestamp,
  })
  .meta({ id: 'Product' });

export const productOverride = z
  .object({ id: uuid, provider_product_id: text(200), name: text(200), commissionable: z.boolean() })
  .meta({ id: 'ProductOverride' });

export const productPolicyBody = one(
  'product_policy',
  z.object({
    commission_unmapped_products: z
      .boolean()
      .describe('whether sales of products absent from the catalog still earn the campaign default rate'),
  }),
);

type ProductRow = typeof products.$inferSelect;

export const presentProduct = (row: ProductRow): z.infer<typeof productRecord> => ({
  id: row.id,
  provider_product_id: row.providerProductId,
  name: row.name,
  commissionable: row.commissionable,
  campaign_id: row.campaignId,
  created_at: iso(row.createdAt),
});

export const presentProductOverride = (row: ProductRow): z.infer<typeof productOverride> => ({
  id: row.id,
  provider_product_id: row.providerProductId,
  name: row.name,
  commissionable: row.commissionable,
});

export const presentProductPolicy = (commissionUnmappedProducts: boolean) => ({
  object: 'product_policy' as const,
  data: { commission_unmapped_products: commissionUnmappedProducts },
});
