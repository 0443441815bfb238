import { Payments1763700000050 } from './1763700000050-payments';

export const PAYMENTS_MIGRATIONS = [Payments1763700000050];
