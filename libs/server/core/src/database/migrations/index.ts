import { Init1763700000000 } from './1763700000000-init';

/** Every migration, in order. New ones are appended here. */
export const MIGRATIONS = [Init1763700000000];
