import { z } from 'zod';
import { broadcastRecord } from '../../contracts/email';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listBroadcastsMeta = operation({
  method: 'GET',
  path: '/broadcasts',
  summary: 'The broadcasts sent, newest first, with how many of their e-mails wait, went out or failed',
  tags: ['Emails'],
  errors: [],
});

export const listBroadcastsInput = z.object(pageQuery(100, 20));
export const listBroadcastsOutput = listOf(broadcastRecord, 100);
