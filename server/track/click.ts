// POST /v1/track/click: record a click server-to-server
import { recordClick } from '../domain/tracking/record-click';
import { trackRoute } from './route';
import { clickInput, clickOutput } from './click.types';

export const trackClick = trackRoute({
  path: '/track/click',
  summary: 'Record a click (ok: false when the affiliate or campaign is not active)',
  errors: ['ref_required', 'link_not_found'],
  connection: 'clicks',
  checksKey: true,
  input: clickInput,
  output: clickOutput,
  run: async (ctx, input) => {
    const r = await recordClick({
      ctx,
      underKey: ctx.underKey,
      input: { ref: input.ref, visitorId: input.visitor_id, fingerprint: input.fingerprint, url: input.url, referrer: input.referrer, ip: input.ip, userAgent: input.user_agent },
    });
    return { ok: r.ok, visitor_id: r.visitorId, match_method: r.matchMethod as 'new' | null, match_confidence: r.matchConfidence };
  },
});
