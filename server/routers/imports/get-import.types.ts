import { z } from 'zod';
import { importRun } from './import-run.types';

// Dashboard-only: one import and how far it got (polled while it runs).
export const getImportInput = z.strictObject({ id: z.uuid() });
export const getImportOutput = z.object({ data: importRun });
