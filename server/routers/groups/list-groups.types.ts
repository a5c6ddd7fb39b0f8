import { z } from 'zod';
import { groupRecord } from '../../contracts/group';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listGroupsMeta = operation({
  method: 'GET',
  path: '/groups',
  summary: "The workspace's partner groups, the default first, each with its affiliate count",
  tags: ['Groups'],
  errors: [],
});

export const listGroupsInput = z.object({ ...pageQuery(100, 100) });
export const listGroupsOutput = listOf(groupRecord, 100);
