import { boolean, pgTable, text, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, workspaceRef } from './columns';

export const products = pgTable(
  'products',
  {
    id: id(),
    workspaceId: workspaceRef(),
    providerProductId: text('provider_product_id').notNull(),
    name: text('name').notNull(),
    commissionable: boolean('commissionable').notNull().default(true),
    // Set: sales of this product earn that campaign's rate (a product override).
    campaignId: uuid('campaign_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // GET /v1/products/prod_… and the engine's lookup of a sale's product
    uniqueIndex('products_workspace_provider_uq').on(t.workspaceId, t.providerProductId),
    // product_overrides of a campaign
    index('products_campaign_idx').on(t.campaignId),
  ],
);
