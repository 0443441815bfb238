/**
 * Labels and headings of the account screens (spec section 2: Sign Up, Sign In, the thank-you and email-confirmed
 * pages, Complete Profile), verbatim where the spec gives them. Error texts are in MESSAGES, AUTH_MESSAGES and
 * PROFILE_MESSAGES.
 */
export const ACCOUNT_TEXTS = {
  emailLabel: 'Email Address',
  passwordLabel: 'Password',
  continueWithGoogle: 'Continue with Google',
  or: 'or',
  forgotPassword: 'Forgot password?',
  backToHome: 'Back to Home',
  goToSignIn: 'Go to Sign In',
  /** Sign In or Sign Up opened while signed in: who is signed in, and the ways on instead of the empty form. */
  alreadySignedIn: {
    as: (email: string) => `You're signed in as ${email}.`,
    toDashboard: 'Go to Dashboard',
  },
  signin: {
    title: 'Sign In',
    description: 'Welcome back. Sign in to download the latest version.',
    submit: 'Sign In',
    noAccount: "Don't have an account?",
    signUpLink: 'Sign up',
  },
  signup: {
    title: 'Sign Up',
    description: 'Create your free account to download the app.',
    passwordHint: 'Minimum 6 characters',
    confirmLabel: 'Confirm Password',
    confirmHint: 'Must match Password',
    submit: 'Sign Up',
    haveAccount: 'Already have an account?',
    signInLink: 'Sign in',
  },
  forgot: {
    title: 'Reset your password',
    description: "We'll e-mail you a link to choose a new password.",
    submit: 'Send reset link',
  },
  resend: {
    submit: 'Resend confirmation email',
    notReceived: "Didn't get the e-mail? Check your spam folder, or send it again.",
  },
  reset: {
    title: 'Choose a new password',
    description: 'Your new password signs you out of every other device.',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    submit: 'Change password',
    doneTitle: 'Password changed',
  },
  /** Spec: "Sign-up thank-you page". */
  thankYou: {
    title: 'Thank you for signing up! Check your email now',
    description: 'Check your email now to confirm your account',
  },
  /** Spec: "Email-confirmed page"; the failure variant is ours (a used or expired link). */
  verified: {
    title: 'Thank you for confirming your email address',
    description: 'You are now verified',
    signIn: 'Sign In',
    toDownload: 'to download the latest version.',
    failedTitle: 'We could not confirm your email address',
    /** A used link of an account that is already confirmed (`?already=1`); the text is AUTH_MESSAGES.alreadyConfirmed. */
    alreadyTitle: 'Your email address is already confirmed',
  },
  profile: {
    title: 'Complete Your Profile',
    submit: 'Complete Profile',
    saving: 'Saving Profile...',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    dialCode: 'Country dial code',
    searchCountries: 'Search countries...',
    passwordLegend: 'Set a password (optional)',
    passwordNote: 'Lets you sign in with your e-mail as well as with Google.',
    password: 'Password',
    confirmPassword: 'Confirm password',
    street1: 'Street address',
    street2: 'Street address line 2 (optional)',
    city: 'City',
    state: 'State/Province',
    selectState: 'Select state/province',
    postal: 'Postal/ZIP code',
    country: 'Country',
    company: 'Company (optional)',
    jobTitle: 'Job title (optional)',
  },
  /**
   * Changing the password of a signed-in account (the Password card of the Dashboard). An account without a
   * password (Google sign-in) sets one instead, without the current one. Errors are AUTH_MESSAGES and PROFILE_MESSAGES.
   */
  changePassword: {
    title: 'Password',
    description: 'Change the password you sign in with. Other devices are signed out.',
    setDescription: 'Your account has no password yet. Set one to sign in with your e-mail as well as with Google.',
    open: 'Change password',
    openSet: 'Set a password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    submit: 'Change password',
    submitSet: 'Set password',
    cancel: 'Cancel',
    failed: 'Failed to change your password. Please try again.',
  },
  /** The user menu of the signed-in header (and of the public header when signed in). */
  logout: 'Logout',
  /** Spec section 6: what a non-admin sees on the Admin Dashboard (title and body are in MESSAGES.access). */
  notAdmin: { email: 'Email', role: 'Role' },
} as const;
