import { z } from 'zod';
import { email, name } from '../../contracts/common';
import { password } from '../../contracts/team';

export const signUpInput = z.strictObject({ workspace_name: name, email, password, name: name.optional() });
export const signUpOutput = z.object({ workspace_id: z.uuid(), email: z.string() });
