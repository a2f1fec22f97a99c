// What the account forms and the API say, and the password's limits, without zod: the sign-in
// dialog and the account page show them before the schemas in accounts.ts have loaded
// (docs/design.md, "The account forms draw without zod").
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
/** bcrypt reads only the first 72 bytes of a password; a longer one is refused, never cut short. */
export const PASSWORD_MAX_BYTES = 72;

export const accountMessages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_BYTES} characters (fewer with accents, symbols or emoji)`,
  passwordRequired: 'Please enter your password',
  currentPasswordRequired: 'Please enter your current password',
  passwordsDontMatch: "Passwords don't match",
  newPasswordMismatch: "New password and confirmation don't match",
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  currentPasswordWrong: 'Current password is incorrect',
  resetLinkSent:
    'If an account exists for this email, a link to reset the password is on its way. It is valid for one hour.',
  resetLinkInvalid:
    'This password reset link is invalid, expired or already used. Please ask for a new one.',
  confirmationLinkInvalid:
    'This confirmation link is invalid, expired or already used. Sign in and ask for a new one.',
  confirmationNeedsSignIn:
    'Sign in to the account this link is for to confirm its email. If you did not create an account with us, ignore the email.',
  profileSaved: 'Your details were saved',
  emailChanged: 'Your email was changed. A confirmation link is on its way to the new address.',
  emailUnchanged: 'This is already your email address',
  emailChangedMeanwhile:
    'Your email was just changed in another window. Reload the page to see the address your account now has.',
  accountDeleted: 'Your account was deleted. Its orders stay with the shop.',
  ordersInProgress:
    'You have orders in progress: your account can be deleted once they have shipped or been cancelled.',
} as const;
