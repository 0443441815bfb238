/** Business constants of spec section 9. */
export const LIMITS = {
  signupPasswordMin: 6,
  profilePasswordMin: 10,
  postalCodeMin: 3,
  postalCodeMax: 12,
  streetAddressMin: 5,
  phoneMinDigits: 5,
  newsExcerptFallback: 150,
  adminNewsPreview: 200,
  landingNewsCount: 3,
  dashboardNewsCount: 5,
  toastLimit: 20,
  toastRemoveDelayMs: 1_000_000,
  newThisWeekMinutes: 10_080,
  activeUserWindowHours: 720,
  newsDialogCloseDelayMs: 1_000,
  skeletons: { downloads: 6, admin: 4, news: 3 },
} as const;

export const DEFAULT_COUNTRY = 'United States';
