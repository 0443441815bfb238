import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { AUTH_MESSAGES, changedProfileFields, PROFILE_MESSAGES, splitFullName, validateProfile, type ProfileErrors, type ProfileUpdate, type ProfileView } from '@solvr/contracts';
import { findCountry, geo } from '@solvr/geo';
import { toProfileView, UsersService } from '@solvr/server-users';
import { ProfileMail } from './profile-mail';

export type { ProfileView };

@Injectable()
export class ProfileService {
  constructor(
    private readonly accounts: UsersService,
    private readonly mail: ProfileMail,
  ) {}

  async get(userId: string): Promise<ProfileView> {
    const u = await this.accounts.findWithPasswordHash({ id: userId });
    if (!u) throw new NotFoundException('Account not found.');
    return toProfileView(u);
  }

  /** The form's rules, run again on the payload: the name split back into its parts, the dial code taken off. */
  check(body: ProfileUpdate): ProfileErrors {
    const [first, last] = splitFullName(body.full_name);
    const dial = findCountry(body.country)?.dialCode ?? '+';
    const local = body.phone.startsWith(dial) ? body.phone.slice(dial.length) : body.phone.replace(/^\+/, '');
    return validateProfile(
      {
        ...body,
        first_name: first,
        last_name: last,
        phone: local,
        password: body.password,
        confirm_password: body.password,
      },
      geo,
    );
  }

  /**
   * Spec section 7's profile update: the form's rules on the payload (400 with each field's message), then the save.
   * `editorId` is the signed-in account making the change (null for the service role). A password comes only from
   * the account itself: whoever sets the first password of a Google-only account could sign in as its owner. When
   * someone else changed any field, the owner is told by e-mail which ones (not their values), when, and by an administrator.
   */
  async update(userId: string, body: ProfileUpdate, editorId: string | null): Promise<ProfileView> {
    if (body.password && editorId !== userId) {
      throw new ForbiddenException({ message: PROFILE_MESSAGES.passwordOwnerOnly, errors: { password: PROFILE_MESSAGES.passwordOwnerOnly } });
    }
    const errors = this.check(body);
    if (Object.keys(errors).length) throw new BadRequestException({ message: PROFILE_MESSAGES.invalidForm, errors });
    const before = editorId === userId ? null : await this.get(userId);
    const saved = await this.save(userId, body);
    const changed = before ? changedProfileFields(before, saved) : [];
    if (changed.length) await this.mail.profileChanged(saved.email, changed);
    return saved;
  }

  /** Saves the form; a password only as the account's first (changing one needs the current password). */
  async save(userId: string, body: ProfileUpdate): Promise<ProfileView> {
    if (body.password && !(await this.accounts.setFirstPassword(userId, body.password))) {
      throw new BadRequestException({ message: AUTH_MESSAGES.passwordAlreadySet, errors: { password: AUTH_MESSAGES.passwordAlreadySet } });
    }
    await this.accounts.saveProfile(userId, body);
    return this.get(userId);
  }
}
