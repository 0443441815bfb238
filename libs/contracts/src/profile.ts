import { FIELD_MAX, tooLongMessage } from './field-limits';
import { formatLongDate, formatTime } from './dates';
import { LIMITS } from './limits';
import { ACCOUNT_TEXTS } from './texts/accounts';

/** Spec section 5 (Complete profile), verbatim where the spec gives the text. */
export const PROFILE_MESSAGES = {
  invalidForm: 'Please fix the errors below before submitting.',
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  streetRequired: 'Street address is required.',
  streetShort: 'Please enter a complete street address.',
  cityRequired: 'City is required.',
  cityChars: 'City name can only contain letters, spaces, hyphens, and apostrophes.',
  stateRequired: 'State/Province is required.',
  stateInvalid: 'Please select a valid State/Province.',
  stateChars: 'State/Province can only contain letters, spaces, hyphens, and apostrophes.',
  postalRequired: 'Postal/ZIP code is required.',
  postalChars: 'Please enter a valid postal/ZIP code.',
  postalLength: 'Postal/ZIP code must be between 3 and 12 characters.',
  countryRequired: 'Country is required.',
  countryInvalid: 'Please select a valid Country.',
  phoneRequired: 'Phone number is required.',
  phoneChars: 'Phone number can only contain digits, spaces, and ()-',
  phoneShort: 'Phone number seems too short.',
  passwordRules: 'Password does not meet all requirements.',
  passwordMismatch: 'Passwords do not match.',
  loadFailed: 'Failed to load user data. Please try again.',
  saveUnsuccessful: 'Error Saving Complete Profile form!',
  saveFailed: 'Failed to save profile. Please try again.',
  footer: 'Required fields must be completed to access your account.',
  passwordOwnerOnly: "Only the account's owner can set its password, signed in to that account. Leave the password out to update this profile.",
} as const;

/** The profile password rules, each with the label of the live checklist. */
export const PASSWORD_RULES: ReadonlyArray<{ label: string; test: (p: string) => boolean }> = [
  { label: `At least ${LIMITS.profilePasswordMin} characters`, test: (p) => p.length >= LIMITS.profilePasswordMin },
  { label: 'An uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { label: 'A lowercase letter', test: (p) => /[a-z]/.test(p) },
  { label: 'A number', test: (p) => /\d/.test(p) },
  { label: 'A special character', test: (p) => /[^A-Za-z0-9]/.test(p) },
];

export const meetsPasswordRules = (password: string) => PASSWORD_RULES.every((r) => r.test(password));

export interface ProfileForm {
  first_name: string;
  last_name: string;
  /** The local number as typed (the dial code is picked separately). */
  phone: string;
  street_address_1: string;
  street_address_2?: string;
  city: string;
  state_province: string;
  postal_code: string;
  country: string;
  company?: string;
  job_title?: string;
  password?: string;
  confirm_password?: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

/** What the rules need to know about countries and regions (the data lives in @solvr/geo). */
export interface Geo {
  isCountry(name: string): boolean;
  regionsOf(countryName: string): string[] | null;
}

const NAME_CHARS = /^[\p{L}\s'-]+$/u;

/** The rules of spec section 5, run by the form on submit and again by the api. Empty object: valid. */
export function validateProfile(form: ProfileForm, geo: Geo): ProfileErrors {
  const e: ProfileErrors = {};
  const t = (v?: string) => (v ?? '').trim();
  if (!t(form.first_name)) e.first_name = PROFILE_MESSAGES.firstName;
  if (!t(form.last_name)) e.last_name = PROFILE_MESSAGES.lastName;
  // First and last name are stored together as full_name.
  else if (`${t(form.first_name)} ${t(form.last_name)}`.length > FIELD_MAX.fullName) e.last_name = tooLongMessage('Your full name', FIELD_MAX.fullName);

  const street = t(form.street_address_1);
  if (!street) e.street_address_1 = PROFILE_MESSAGES.streetRequired;
  else if (street.length < LIMITS.streetAddressMin) e.street_address_1 = PROFILE_MESSAGES.streetShort;

  const city = t(form.city);
  if (!city) e.city = PROFILE_MESSAGES.cityRequired;
  else if (!NAME_CHARS.test(city)) e.city = PROFILE_MESSAGES.cityChars;

  const country = t(form.country);
  if (!country) e.country = PROFILE_MESSAGES.countryRequired;
  else if (!geo.isCountry(country)) e.country = PROFILE_MESSAGES.countryInvalid;

  const state = t(form.state_province);
  const regions = country ? geo.regionsOf(country) : null;
  if (!state) e.state_province = PROFILE_MESSAGES.stateRequired;
  else if (regions && !regions.includes(state)) e.state_province = PROFILE_MESSAGES.stateInvalid;
  else if (!regions && !NAME_CHARS.test(state)) e.state_province = PROFILE_MESSAGES.stateChars;

  const postal = t(form.postal_code);
  if (!postal) e.postal_code = PROFILE_MESSAGES.postalRequired;
  else if (!/^[A-Za-z0-9\s-]+$/.test(postal)) e.postal_code = PROFILE_MESSAGES.postalChars;
  else if (postal.length < LIMITS.postalCodeMin || postal.length > LIMITS.postalCodeMax) e.postal_code = PROFILE_MESSAGES.postalLength;

  const phone = t(form.phone);
  if (!phone) e.phone = PROFILE_MESSAGES.phoneRequired;
  else if (!/^[\d\s()-]+$/.test(phone)) e.phone = PROFILE_MESSAGES.phoneChars;
  else if (phone.replace(/\D/g, '').length < LIMITS.phoneMinDigits) e.phone = PROFILE_MESSAGES.phoneShort;

  const password = form.password ?? '';
  const confirm = form.confirm_password ?? '';
  if (password || confirm) {
    if (!meetsPasswordRules(password)) e.password = PROFILE_MESSAGES.passwordRules;
    else if (password !== confirm) e.confirm_password = PROFILE_MESSAGES.passwordMismatch;
  }
  return e;
}

/** The update payload of spec section 3, built from a valid form. */
export interface ProfileUpdate {
  userid: string;
  full_name: string;
  phone: string;
  password?: string;
  street_address_1: string;
  street_address_2: string;
  city: string;
  state_province: string;
  postal_code: string;
  country: string;
  company: string;
  job_title: string;
  profile_completed: true;
}

export function toProfileUpdate(userid: string, form: ProfileForm, dialCode: string): ProfileUpdate {
  const t = (v?: string) => (v ?? '').trim();
  return {
    userid,
    full_name: `${t(form.first_name)} ${t(form.last_name)}`,
    phone: dialCode + t(form.phone).replace(/\D/g, ''),
    ...(form.password ? { password: form.password } : {}),
    street_address_1: t(form.street_address_1),
    street_address_2: t(form.street_address_2),
    city: t(form.city),
    state_province: t(form.state_province),
    postal_code: t(form.postal_code),
    country: t(form.country),
    company: t(form.company),
    job_title: t(form.job_title),
    profile_completed: true,
  };
}

/** The account's profile as the api returns it (GET /api/users/me/profile). */
export interface ProfileView {
  email: string;
  full_name: string | null;
  phone: string | null;
  street_address_1: string | null;
  street_address_2: string | null;
  city: string | null;
  state_province: string | null;
  postal_code: string | null;
  country: string | null;
  company: string | null;
  job_title: string | null;
  profile_completed: boolean;
  has_password: boolean;
}

/** The profile form's labels without "(optional)": the names of the fields as the owner reads them in an e-mail. */
const fieldName = (label: string) => label.replace(/\s*\(optional\)$/, '');
const L = ACCOUNT_TEXTS.profile;

/** The profile's fields in the form's order, each with its label (the name is shown as its two parts). */
const PROFILE_FIELDS: ReadonlyArray<[label: string, value: (p: ProfileView) => string]> = [
  [L.firstName, (p) => splitFullName(p.full_name)[0]],
  [L.lastName, (p) => splitFullName(p.full_name)[1]],
  [L.phone, (p) => p.phone ?? ''],
  [L.street1, (p) => p.street_address_1 ?? ''],
  [fieldName(L.street2), (p) => p.street_address_2 ?? ''],
  [L.city, (p) => p.city ?? ''],
  [L.state, (p) => p.state_province ?? ''],
  [L.postal, (p) => p.postal_code ?? ''],
  [L.country, (p) => p.country ?? ''],
  [fieldName(L.company), (p) => p.company ?? ''],
  [fieldName(L.jobTitle), (p) => p.job_title ?? ''],
];

/** full_name back into the form's first and last name (the first word, then the rest). */
export function splitFullName(fullName: string | null): [first: string, last: string] {
  const [first = '', ...rest] = (fullName ?? '').trim().split(/\s+/);
  return [first, rest.join(' ')];
}

/** The labels of the profile fields whose value differs between two views of one account, in the form's order. */
export function changedProfileFields(before: ProfileView, after: ProfileView): string[] {
  return PROFILE_FIELDS.filter(([, value]) => value(before) !== value(after)).map(([label]) => label);
}

/**
 * The e-mail an account's owner gets when someone else (an administrator, or the platform's service role) changed
 * its profile: which fields (names, never values), by whom, when, and what to do if it was not expected.
 */
export const PROFILE_CHANGED_MAIL = {
  subject: (product: string) => `Your ${product} profile was changed`,
  /** The moment, in UTC: "August 5, 2025 at 3:07 PM (UTC)". */
  when: (at: Date) => `${formatLongDate(at, 'UTC')} at ${formatTime(at, 'UTC')} (UTC)`,
  paragraphs: (product: string, fields: readonly string[], when: string) => [
    `An administrator changed the profile of your ${product} account on ${when}.`,
    `Changed: ${fields.join(', ')}.`,
    'Your password and your e-mail address were not changed.',
    'If you did not expect this change, please check your profile and tell us through the Contact page.',
  ],
  action: 'Contact us',
} as const;
