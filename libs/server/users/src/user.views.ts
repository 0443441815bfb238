import type { AccountView, ProfileView } from '@solvr/contracts';
import type { User } from './user.entity';

/** What the account's owner sees of it (sign-in answers, /api/users/me). Needs the password hash selected. */
export const toAccountView = (u: User): AccountView => ({
  id: u.id,
  email: u.email,
  full_name: u.fullName,
  role: u.role,
  download_count: u.downloadCount,
  profile_completed: u.profileCompleted,
  has_password: !!u.passwordHash,
});

/** The Complete Profile form's fields. Needs the password hash selected. */
export const toProfileView = (u: User): ProfileView => ({
  email: u.email,
  full_name: u.fullName,
  phone: u.phone,
  street_address_1: u.streetAddress1,
  street_address_2: u.streetAddress2,
  city: u.city,
  state_province: u.stateProvince,
  postal_code: u.postalCode,
  country: u.country,
  company: u.company,
  job_title: u.jobTitle,
  profile_completed: u.profileCompleted,
  has_password: !!u.passwordHash,
});
