import { router } from '../../trpc/init';
import { addMemberProcedure } from './add-member';
import { changeMemberRoleProcedure } from './change-member-role';
import { createKeyProcedure } from './create-key';
import { getMeProcedure } from './get-me';
import { inviteLinkProcedure } from './invite-link';
import { listKeysProcedure } from './list-keys';
import { listMembersProcedure } from './list-members';
import { requestPasswordResetProcedure, resetPasswordProcedure } from './password-reset';
import { removeMemberProcedure } from './remove-member';
import { revokeKeyProcedure } from './revoke-key';
import { signUpOpenProcedure, signUpProcedure } from './sign-up';

// Dashboard-only: not part of /v1 (no OpenAPI meta), reached through the session.
export const teamRouter = router({
  me: getMeProcedure,
  members: listMembersProcedure,
  addMember: addMemberProcedure,
  removeMember: removeMemberProcedure,
  changeMemberRole: changeMemberRoleProcedure,
  keys: listKeysProcedure,
  createKey: createKeyProcedure,
  revokeKey: revokeKeyProcedure,
  inviteLink: inviteLinkProcedure,
  signUpOpen: signUpOpenProcedure,
  signUp: signUpProcedure,
  requestPasswordReset: requestPasswordResetProcedure,
  resetPassword: resetPasswordProcedure,
});
