import { z } from 'zod';
import type { campaigns } from '@/db/schema';
import { one, text, uuid } from './common';
import { linkRecord, presentLink, type LinkWithCode } from './link';

// Dashboard-only (portal and the affiliate page): an affiliate's default link, its campaign's
// landing pages and the links it made.
export const linkKitRecord = z.object({
  ref_code: text(64),
  campaign: z.object({ id: uuid, name: text(200) }).nullable(),
  default_url: text(2200).nullable().describe("the campaign's landing page with ?ref=code; null while the campaign has none"),
  landing_pages: z.array(text(2048)).max(51),
  links: z.array(linkRecord).max(100),
});

export const linkKitBody = one('link_kit', linkKitRecord);

export function presentLinkKit(kit: { refCode: string; campaign: typeof campaigns.$inferSelect | null; defaultUrl: string | null; landingPages: string[]; links: LinkWithCode[] }) {
  return {
    object: 'link_kit' as const,
    data: {
      ref_code: kit.refCode,
      campaign: kit.campaign ? { id: kit.campaign.id, name: kit.campaign.name } : null,
      default_url: kit.defaultUrl,
      landing_pages: kit.landingPages,
      links: kit.links.map(presentLink),
    },
  };
}
