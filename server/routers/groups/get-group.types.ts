import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { groupRecord } from '../../contracts/group';
import { operation } from '../../trpc/meta';

export const getGroupMeta = operation({
  method: 'GET',
  path: '/groups/{id}',
  summary: 'Get a partner group, with its affiliate count',
  tags: ['Groups'],
  errors: ['link_not_found'],
});

export const getGroupInput = z.object({ id: recordId });
export const getGroupOutput = one('group', groupRecord);
