/** User-facing texts of the spec, verbatim. API and web both read them from here. */
export const MESSAGES = {
  signup: {
    blank: 'Please fill in all required fields.',
    mismatch: "Passwords don't match!",
    short: 'Passwords must be at least 6 characters long!',
    failed: 'Signup failed!',
    exception: 'an error occured on Signup!',
  },
  signin: {
    failed: 'Login failed. Please check your credentials.',
    exception: 'an error occured!',
  },
  access: {
    deniedTitle: 'Access Denied',
    deniedBody: 'You must be signed in to access this page.',
    goToLanding: 'Go to Landing Page',
    /** For a signed-out visitor: signs in, then comes back to the page asked for. */
    signIn: 'Sign In',
    notAdmin: "You don't have permission to access the admin panel. Admin access is required.",
    refreshUser: 'Refresh User Data',
  },
  remote: {
    failed: 'This part of the site could not be loaded.',
    retry: 'Retry',
  },
  http: {
    malformedJson: 'The request body is not valid JSON.',
    tooLarge: (limit: string) => `The request body is too large (limit ${limit}).`,
    tooDeep: (levels: number) => `The request body is nested too deeply (limit ${levels} levels).`,
    badParameter: (name: string) => `The ${name} parameter is not valid.`,
    internal: 'Something went wrong on our side. Please try again.',
    /** 503 while a service the request needs (the database) cannot be reached; it passes once that is back. */
    unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  },
} as const;

export const loadingText = (product: string) => `Loading ${product}...`;
