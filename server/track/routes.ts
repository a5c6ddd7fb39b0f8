import { trackClick } from './click';
import { trackLead, trackSale } from './conversion';
import { trackRefund } from './refund';
import type { TrackRoute } from './route';

/** Every /v1/track/* handler by path. */
export const TRACK_ROUTES: ReadonlyMap<string, TrackRoute> = new Map([trackClick, trackLead, trackSale, trackRefund].map((r) => [r.path, r]));
