// dashboard: send a test click and sale through the tracking use cases; answers what they recorded (nothing owed)
import { sendTestSale } from '../../domain/onboarding/test-sale';
import { workspaceProcedure } from '../../trpc/procedures';
import { sendTestSaleInput, sendTestSaleOutput } from './send-test-sale.types';

export const sendTestSaleProcedure = workspaceProcedure('write')
  .meta({ errors: ['invalid_state'] })
  .input(sendTestSaleInput)
  .output(sendTestSaleOutput)
  .mutation(async ({ ctx }) => {
    const r = await sendTestSale({ ctx });
    return {
      data: {
        click_id: r.clickId,
        visitor_id: r.visitorId,
        conversion_id: r.conversionId,
        affiliate: r.affiliate,
        campaign: r.campaign,
        amount: r.amount,
        currency: r.currency,
        commission: r.commission,
        commissions_created: r.commissionsCreated,
      },
    };
  });
