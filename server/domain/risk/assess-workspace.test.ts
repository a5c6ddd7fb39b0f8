import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { riskAssessments, webhookEvents } from '@/db/schema';
import { clickFarm, couponSales, seedProgram, seedRiskAffiliate } from '../../testing/risk-fixtures';
import { openTestDatabase } from '../../testing/database';
import { assessAffiliate, assessAffiliates, assessWorkspace } from './assess';
import { triggeredGroups } from './triggers';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('assessWorkspace (for the scheduler)', () => {
  it('assesses every pending and active affiliate once, skips rejected and suspended, and flags the farm', async () => {
    const workspaceId = '0190a0b0-0000-7000-8000-00000000a001';
    const program = await seedProgram(database.db, workspaceId, 6);
    const farm = await seedRiskAffiliate(database.db, program, { status: 'pending' });
    await clickFarm(database.db, program, farm.id);
    const rejected = await seedRiskAffiliate(database.db, program, { status: 'rejected' });
    const suspended = await seedRiskAffiliate(database.db, program, { status: 'suspended' });
    const other = await seedProgram(database.db, '0190a0b0-0000-7000-8000-00000000a002', 2);

    const result = await assessWorkspace({ ctx: { db: database.db, workspaceId } });
    expect(result).toEqual({ assessed: 7, flagged: 1 });
    const rows = await database.db.select().from(riskAssessments).where(eq(riskAssessments.workspaceId, workspaceId));
    expect(rows.map((r) => r.affiliateId).sort()).toEqual([...program.peerIds, farm.id].sort());
    expect(rows.find((r) => r.affiliateId === farm.id)?.riskLevel).toBe('critical');
    for (const skipped of [rejected.id, suspended.id, ...other.peerIds]) expect(rows.some((r) => r.affiliateId === skipped)).toBe(false);
    const events = await database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, 'risk.flagged')));
    expect(events).toHaveLength(1);

    // A second run adds history rather than replacing it.
    await assessWorkspace({ ctx: { db: database.db, workspaceId } });
    const again = await database.db.select().from(riskAssessments).where(eq(riskAssessments.workspaceId, workspaceId));
    expect(again).toHaveLength(14);
  });

  it('measures the window ending at `now`: a farm that stopped two months ago is quiet today', async () => {
    const workspaceId = '0190a0b0-0000-7000-8000-00000000a003';
    const program = await seedProgram(database.db, workspaceId, 5);
    const farm = await seedRiskAffiliate(database.db, program);
    await clickFarm(database.db, program, farm.id);
    const later = new Date(Date.now() + 60 * 86_400_000);
    await assessWorkspace({ ctx: { db: database.db, workspaceId }, now: later });
    const [row] = await database.db.select().from(riskAssessments).where(eq(riskAssessments.affiliateId, farm.id));
    expect(row.riskLevel).toBe('low');
    expect((row.evidence as { activity: { clicks: number } }).activity.clicks).toBe(0);
  });

  it('an affiliate with more sales than clicks (a coupon code) gets a finite score, and so does everyone measured against it', async () => {
    const workspaceId = '0190a0b0-0000-7000-8000-00000000a004';
    const program = await seedProgram(database.db, workspaceId, 5);
    const coupon = await seedRiskAffiliate(database.db, program);
    await couponSales(database.db, program, coupon.id, 30, 400);
    expect(await assessWorkspace({ ctx: { db: database.db, workspaceId } })).toMatchObject({ assessed: 6 });
    const rows = await database.db.select().from(riskAssessments).where(eq(riskAssessments.workspaceId, workspaceId));
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(Number.isInteger(row.score)).toBe(true);
    const mine = rows.find((r) => r.affiliateId === coupon.id)!;
    expect(Number.isFinite((mine.evidence as { conversion_rate: { z: number } }).conversion_rate.z)).toBe(true);
  });
});

describe('assessAffiliates (for risk.triggers)', () => {
  it('assesses the named affiliates together exactly as one by one, and only those of the workspace', async () => {
    const workspaceId = '0190a0b0-0000-7000-8000-00000000a011';
    const program = await seedProgram(database.db, workspaceId, 5);
    const farm = await seedRiskAffiliate(database.db, program);
    await clickFarm(database.db, program, farm.id);
    const other = await seedProgram(database.db, '0190a0b0-0000-7000-8000-00000000a012', 1);
    const ctx = { db: database.db, workspaceId };
    const now = new Date();
    const named = [farm.id, program.peerIds[0]];
    expect(await assessAffiliates({ ctx, affiliateIds: [...named, other.peerIds[0]], now })).toEqual({ assessed: 2, flagged: 1 });
    const together = await database.db.select().from(riskAssessments).where(eq(riskAssessments.workspaceId, workspaceId));
    expect(together.map((r) => r.affiliateId).sort()).toEqual([...named].sort());
    for (const id of named) {
      const alone = await assessAffiliate({ ctx, affiliateId: id, now });
      const row = together.find((r) => r.affiliateId === id)!;
      expect([row.score, row.riskLevel, row.flags, row.recommendedAction]).toEqual([alone.score, alone.risk_level, alone.flags, alone.recommended_action]);
    }
  });

  it('groups triggers by workspace, at most `size` affiliates a group', () => {
    const t = (workspaceId: string, affiliateId: string) => ({ workspaceId, affiliateId, reason: 'reversal' as const });
    expect(triggeredGroups([t('w1', 'a'), t('w2', 'b'), t('w1', 'c'), t('w1', 'd')], 2)).toEqual([
      { workspaceId: 'w1', affiliateIds: ['a', 'c'] },
      { workspaceId: 'w1', affiliateIds: ['d'] },
      { workspaceId: 'w2', affiliateIds: ['b'] },
    ]);
  });
});
