import { IsIn, IsOptional, IsString } from 'class-validator';
import { ADMIN_USERS_TEXTS, ROLES, type Role, type RoleChange, type SavedUserSearchRequest } from '@solvr/contracts';

export class RoleChangeDto implements RoleChange {
  @IsIn(ROLES, { message: ADMIN_USERS_TEXTS.badRole }) role: Role;
}

export class SavedSearchDto implements Partial<SavedUserSearchRequest> {
  @IsOptional() @IsString({ message: 'name must be text.' }) name?: string;
  @IsOptional() @IsString({ message: 'q must be text.' }) q?: string;
}
