import { router } from '../../trpc/init';
import { listAuditEventsProcedure } from './list-audit-events';

export const auditEventsRouter = router({
  list: listAuditEventsProcedure,
});
