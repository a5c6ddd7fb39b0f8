import { z } from 'zod';
import { bountyRecord } from '../../contracts/bounty';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const archiveBountyMeta = operation({
  method: 'POST',
  path: '/bounties/{id}/archive',
  summary: 'Archive a bounty: no more evaluations or submissions',
  description: 'Its commissions and submissions stay as they are; pending submissions can still be reviewed. Archiving twice changes nothing.',
  tags: ['Bounties'],
  errors: ['link_not_found'],
});

export const archiveBountyInput = z.strictObject({ id: recordId });
export const archiveBountyOutput = one('bounty', bountyRecord);
