import { BadRequestException, Injectable, MethodNotAllowedException } from '@nestjs/common';
import { PLATFORM_TEXTS, type ProfileUpdate, ROLES, type Role } from '@solvr/contracts';
import { ProfileService, ProfileUpdateDto } from '@solvr/server-profile';
import { toAdminUserView, toProfileView, type User, UserDirectory, UsersService } from '@solvr/server-users';
import { checkedDto } from '../checked-dto';
import { actingUser, isPrivileged, ownAccountId, type PlatformCaller, refusal, requireSignedIn } from '../platform-caller';
import { PlatformAudit } from '../platform-audit';
import { allOf, equals, fieldMap } from '../q-filter';
import { type EntityAdapter, type InputType, type PlatformRecord, readableRecord, readInput, recordQuery, type RecordsQuery, RefusedWrites } from './entity-adapter';

const FIELDS = fieldMap(
  {
    string: ['id', 'email', 'full_name', 'role', 'company', 'job_title', 'phone', 'city', 'state_province', 'postal_code', 'country', 'created_by'],
    number: ['download_count'],
    boolean: ['profile_completed'],
    date: ['last_login', 'created_date', 'updated_date'],
  },
  { created_by: 'id' },
);

/** The profile form's fields (spec section 3), saved through the profile feature with its rules. */
const PROFILE_FIELDS = ['full_name', 'phone', 'street_address_1', 'street_address_2', 'city', 'state_province', 'postal_code', 'country', 'company', 'job_title'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

const WRITABLE: Record<string, InputType> = {
  ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, 'optional-text' as InputType])),
  profile_completed: 'boolean',
  role: 'text',
};
const RULES = {
  writable: WRITABLE,
  derived: ['id', 'address', 'created_by', 'created_date', 'updated_date'],
  readOnly: ['email', 'download_count', 'last_login'],
};

const ADDRESS: Array<keyof User> = ['streetAddress1', 'streetAddress2', 'city', 'stateProvince', 'postalCode', 'country'];

/** The admin's view of the account and the profile form's fields (has_password is not the platform's). */
function toRecord(u: User): PlatformRecord {
  const { has_password: _secret, ...profile } = toProfileView(u);
  return {
    ...toAdminUserView(u),
    ...profile,
    /** Spec section 3's single address field, from the profile's parts. */
    address: ADDRESS.map((k) => u[k]).filter(Boolean).join(', ') || null,
    created_by: u.id,
    updated_date: u.updatedDate.toISOString(),
  };
}

/**
 * User over the users and profile features: a user reads and updates only its own record (anyone else's does not
 * exist for it), admins read all and update anyone's profile and role (with the last-admin rule). Accounts come from
 * sign-up, never from here.
 */
@Injectable()
export class UserAdapter extends RefusedWrites implements EntityAdapter {
  readonly name = 'User' as const;
  readonly fields = FIELDS;
  readonly writable = WRITABLE;
  readonly readable = [
    'id', 'email', 'full_name', 'role', 'company', 'job_title', 'phone', 'street_address_1', 'street_address_2', 'city', 'state_province',
    'postal_code', 'country', 'address', 'download_count', 'last_login', 'profile_completed', 'created_by', 'created_date', 'updated_date',
  ];

  constructor(
    private readonly directory: UserDirectory,
    private readonly users: UsersService,
    private readonly profiles: ProfileService,
    private readonly audit: PlatformAudit,
  ) {
    super();
  }

  async list(caller: PlatformCaller, query: RecordsQuery): Promise<PlatformRecord[]> {
    if (caller.kind === 'anonymous') return [];
    const ownOnly = caller.kind === 'user' && !caller.admin ? equals('id', caller.user.id) : null;
    return (await this.directory.records(recordQuery({ ...query, filter: allOf(query.filter, ownOnly) }, FIELDS))).map(toRecord);
  }

  /** The caller's own record (GET /entities/User/me): a user, or the user a service call is made for. */
  async me(caller: PlatformCaller): Promise<PlatformRecord> {
    const me = actingUser(requireSignedIn(caller));
    const record = me && (await readableRecord(this, caller, me.id));
    if (!record) throw refusal.signIn();
    return record;
  }

  async updateMe(caller: PlatformCaller, changes: Record<string, unknown>): Promise<PlatformRecord> {
    const me = actingUser(requireSignedIn(caller));
    if (!me) throw refusal.signIn();
    return this.update(caller, me.id, changes);
  }

  override async update(caller: PlatformCaller, id: string, changes: Record<string, unknown>): Promise<PlatformRecord> {
    requireSignedIn(caller);
    if (!(await readableRecord(this, caller, id))) throw refusal.notFound(PLATFORM_TEXTS.recordNotFound(this.name));
    const values = readInput(this.name, changes, RULES);
    if (values.profile_completed === false) throw new BadRequestException({ message: PLATFORM_TEXTS.readOnlyField(this.name, 'profile_completed'), code: 'read_only_field' });
    const role = values.role as string | undefined;
    if (role !== undefined) {
      if (!isPrivileged(caller)) throw refusal.forbidden(PLATFORM_TEXTS.ownRoleOnly);
      if (!(ROLES as readonly string[]).includes(role)) throw new BadRequestException({ message: PLATFORM_TEXTS.badFieldValue('role', ROLES.join(' or ')), code: 'bad_record' });
    }
    const profile = PROFILE_FIELDS.filter((f) => f in values);
    if (profile.length) {
      const saved = await this.profiles.update(id, checkedDto(ProfileUpdateDto, await this.mergedProfile(id, values)), ownAccountId(caller));
      await this.audit.profileChange(caller, { id, email: saved.email }, profile);
    }
    if (role !== undefined) {
      const before = await this.users.findById(id);
      await this.users.changeRole(actingUser(caller)?.id ?? 'service-role', id, role as Role);
      if (before?.role !== role) await this.audit.record(caller, 'user.role', { type: 'user', id, label: before?.email ?? null, detail: `role: ${role}` });
    }
    return (await readableRecord(this, caller, id)) as PlatformRecord;
  }

  /** The whole profile form as it becomes: the saved values with the changed fields over them. */
  private async mergedProfile(id: string, values: Record<string, unknown>): Promise<ProfileUpdate> {
    const current = await this.profiles.get(id);
    const field = (f: ProfileField) => (f in values ? ((values[f] as string | null) ?? '') : (current[f] ?? ''));
    return {
      userid: id,
      ...(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, field(f)])) as Record<ProfileField, string>),
      profile_completed: true,
    };
  }

  /** Create and delete (update is the adapter's own). */
  protected refusal(): Error {
    return new MethodNotAllowedException({ message: PLATFORM_TEXTS.accountsNotCreated, code: 'not_supported' });
  }
}
