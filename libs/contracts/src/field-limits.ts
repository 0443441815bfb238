/**
 * The longest value each stored text field takes. Columns are declared with these lengths, the api refuses
 * anything longer with a 400, and forms stop typing at them: one number per field, used everywhere.
 */
export const FIELD_MAX = {
  email: 254,
  /** Passwords are hashed, so this only bounds the work a request can ask for. */
  password: 200,
  fullName: 200,
  company: 200,
  jobTitle: 200,
  phone: 40,
  streetAddress: 200,
  city: 120,
  stateProvince: 120,
  postalCode: 12,
  country: 120,
} as const;

export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters.`;
