import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { validateProfile, type ProfileErrors, type ProfileUpdate, type ProfileView } from '@solvr/contracts';

export type { ProfileView };
import { findCountry, geo } from '@solvr/geo';
import { hashPassword, User, UsersService } from '@solvr/server-users';


@Injectable()
export class ProfileService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly accounts: UsersService,
  ) {}

  async get(userId: string): Promise<ProfileView> {
    const u = await this.accounts.findWithPasswordHash({ id: userId });
    if (!u) throw new NotFoundException('Account not found.');
    return {
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
    };
  }

  /** The form's rules, run again on the payload: the name split back into its parts, the dial code taken off. */
  check(body: ProfileUpdate): ProfileErrors {
    const [first = '', ...rest] = body.full_name.trim().split(/\s+/);
    const dial = findCountry(body.country)?.dialCode ?? '+';
    const local = body.phone.startsWith(dial) ? body.phone.slice(dial.length) : body.phone.replace(/^\+/, '');
    return validateProfile(
      {
        ...body,
        first_name: first,
        last_name: rest.join(' '),
        phone: local,
        password: body.password,
        confirm_password: body.password,
      },
      geo,
    );
  }

  async save(userId: string, body: ProfileUpdate): Promise<ProfileView> {
    await this.users.update(userId, {
      fullName: body.full_name.trim(),
      phone: body.phone,
      streetAddress1: body.street_address_1.trim(),
      streetAddress2: body.street_address_2.trim() || null,
      city: body.city.trim(),
      stateProvince: body.state_province.trim(),
      postalCode: body.postal_code.trim(),
      country: body.country.trim(),
      company: body.company.trim() || null,
      jobTitle: body.job_title.trim() || null,
      profileCompleted: true,
      // Applied only when one is supplied (spec section 5).
      ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
    });
    return this.get(userId);
  }
}
