import { router } from '../../trpc/init';
import { addMemberProcedure } from './add-member';
import { changeMemberRoleProcedure } from './change-member-role';
import { createKeyProcedure } from './create-key';
import { getMeProcedure } from './get-me';
import { getSignUpOpenProcedure } from './get-sign-up-open';
import { listKeysProcedure } from './list-keys';
import { listMembersProcedure } from './list-members';
import { reissueInviteLinkProcedure } from './reissue-invite-link';
import { removeMemberProcedure } from './remove-member';
import { requestPasswordResetProcedure } from './request-password-reset';
import { resetPasswordProcedure } from './reset-password';
import { revokeKeyProcedure } from './revoke-key';
import { signUpProcedure } from './sign-up';

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
  inviteLink: reissueInviteLinkProcedure,
  signUpOpen: getSignUpOpenProcedure,
  signUp: signUpProcedure,
  requestPasswordReset: requestPasswordResetProcedure,
  resetPassword: resetPasswordProcedure,
});
