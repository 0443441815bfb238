import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@solvr/contracts';

export const ACCESS_POLICY = 'solvr:access-policy';
/** Pinned: a token signed any other way (alg none, RS256 with our secret as a key) is refused. */
export const ACCESS_TOKEN_ALGORITHM = 'HS256';
export type AccessPolicy = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'role'; role: Role };

/** Anyone may call it. Routes without a decorator need a valid access token. */
export const Public = () => SetMetadata(ACCESS_POLICY, { kind: 'public' } satisfies AccessPolicy);
/** Needs the role, checked against the database on every call (a demoted admin loses access at once). */
export const Roles = (role: Role) => SetMetadata(ACCESS_POLICY, { kind: 'role', role } satisfies AccessPolicy);

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionUser => {
  return ctx.switchToHttp().getRequest().user;
});
