import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { PLATFORM_TEXTS, type ProfileView } from '@solvr/contracts';
import { ProfileService, ProfileUpdateDto } from '@solvr/server-profile';
import { UsersService } from '@solvr/server-users';
import { checkedDto } from './checked-dto';
import { PlatformAudit } from './platform-audit';
import { isPrivileged, ownAccountId, type PlatformCaller, refusal, requireSignedIn } from './platform-caller';

type PlatformFunction = (caller: PlatformCaller, params: Record<string, unknown>) => Promise<unknown>;

/**
 * The named server functions of POST /apps/{appId}/functions/{name}: spec section 7's profile-complete check and
 * profile update, over the users and profile features. A name not in the registry answers 404.
 */
@Injectable()
export class PlatformFunctions {
  private readonly registry: ReadonlyMap<string, PlatformFunction> = new Map<string, PlatformFunction>([
    ['checkProfileComplete', (caller, params) => this.checkProfileComplete(caller, params)],
    ['updateProfile', (caller, params) => this.updateProfile(caller, params)],
  ]);

  constructor(
    private readonly users: UsersService,
    private readonly profiles: ProfileService,
    private readonly audit: PlatformAudit,
  ) {}

  /** The function, or 404 naming what exists (checked before its parameters). */
  find(name: string): PlatformFunction {
    const fn = this.registry.get(name);
    if (!fn) throw new NotFoundException({ message: PLATFORM_TEXTS.unknownFunction(name), code: 'function_not_found' });
    return fn;
  }

  /** Spec section 7: "Profile-complete check by e-mail or user id: returns profile_complete". A user asks about itself. */
  private async checkProfileComplete(caller: PlatformCaller, params: Record<string, unknown>): Promise<{ profile_complete: boolean }> {
    const signedIn = requireSignedIn(caller);
    const { email, userid } = params;
    if (typeof email !== 'string' && typeof userid !== 'string') throw new BadRequestException({ message: PLATFORM_TEXTS.profileLookup, code: 'bad_request' });
    const account = typeof userid === 'string' ? await this.users.findById(userid) : await this.users.findByEmail(email as string);
    const mine = signedIn.kind === 'user' && account?.id === signedIn.user.id;
    if (!account || (!mine && !isPrivileged(caller))) throw refusal.notFound(PLATFORM_TEXTS.recordNotFound('User'));
    return { profile_complete: account.profileCompleted };
  }

  /** Spec section 7: "Profile update with the payload from section 3: returns an object with success". */
  private async updateProfile(caller: PlatformCaller, params: Record<string, unknown>): Promise<{ success: true; profile: ProfileView }> {
    const signedIn = requireSignedIn(caller);
    const body = checkedDto(ProfileUpdateDto, params);
    if (!isPrivileged(caller) && !(signedIn.kind === 'user' && body.userid === signedIn.user.id)) throw refusal.forbidden(PLATFORM_TEXTS.profileOwnOnly);
    if (!(await this.users.findById(body.userid))) throw refusal.notFound(PLATFORM_TEXTS.recordNotFound('User'));
    const profile = await this.profiles.update(body.userid, body, ownAccountId(caller));
    const fields = Object.keys(body).filter((f) => f !== 'userid' && f !== 'profile_completed');
    await this.audit.profileChange(caller, { id: body.userid, email: profile.email }, fields);
    return { success: true, profile };
  }
}
