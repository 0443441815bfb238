import { extensionOf, formatListDate } from '@solvr/contracts';

/** Spec section 9: list dates read 'MMM d, yyyy' in en-US ("Aug 5, 2025", contracts' formatListDate); '' for a date that does not parse. */
export function listDate(iso: string): string {
  return Number.isFinite(Date.parse(iso)) ? formatListDate(iso) : '';
}

/** A file's type as its badge and the type filter show it: the stored file_type in upper case ("ZIP", "APPLICATION/PDF"). */
export const fileTypeLabel = (fileType: string) => fileType.trim().toUpperCase();

/**
 * The type of an installer as the Dashboard shows it, ".ZIP": the stored file_type when it is an extension, else
 * the extension of the file's name (file_type is a MIME type when the browser knew one).
 */
export function extensionLabel(fileType: string, fileName: string): string {
  const type = fileType.trim();
  const ext = type && !type.includes('/') && type !== 'unknown' ? type : extensionOf(fileName);
  return ext ? `.${ext.toUpperCase()}` : fileTypeLabel(type);
}

/** The start and end of a long hex digest ("3a7bd3e2…9f1c0b4d"); short ones as they are. */
export function shortHash(hex: string): string {
  return hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}
