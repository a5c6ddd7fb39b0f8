// What a refused sign-in says to the login pages (next-auth hands an `authorize` error's message
// back as `error`). Kept free of server imports: the pages import it.
export const SIGN_IN_LIMITED = 'too_many_attempts';
export const SIGN_IN_LIMITED_TEXT = 'Too many sign-in attempts. Wait a few minutes, then try again.';
