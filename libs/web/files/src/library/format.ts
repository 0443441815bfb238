import { formatListDate } from '@solvr/contracts';

/** Spec section 9: list dates read 'MMM d, yyyy' in en-US ("Aug 5, 2025", contracts' formatListDate); '' for a date that does not parse. */
export function listDate(iso: string): string {
  return Number.isFinite(Date.parse(iso)) ? formatListDate(iso) : '';
}

/** The start and end of a long hex digest ("3a7bd3e2…9f1c0b4d"); short ones as they are. */
export function shortHash(hex: string): string {
  return hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}
