import { trackClick } from './click';
import type { TrackRoute } from './route';

/** Every /v1/track/* handler by path. */
export const TRACK_ROUTES: ReadonlyMap<string, TrackRoute> = new Map([trackClick].map((r) => [r.path, r]));
