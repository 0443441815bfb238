import type { FileAccessType, FileAvailability } from './access';
import { tooLongMessage } from './field-limits';
import { isValidEmail, normalizeEmail } from './signup';

/** Spec section 9: prices are in cents, shown in en-US currency format; these are the choices, USD first. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

export const FILE_ACCESS_TYPES = ['all_users', 'specific_users'] as const satisfies readonly FileAccessType[];
/** Spec section 9: default access_type all_users. */
export const DEFAULT_ACCESS_TYPE: FileAccessType = 'all_users';

/** The longest value of each file field (columns, api checks and form inputs use the same numbers). */
export const FILE_LIMITS = {
  name: 200,
  version: 50,
  description: 5000,
  /** The stored download name (already cut to this by the api). */
  fileName: 200,
  allowedUsers: 1000,
  releaseNotes: 20000,
  /** 1,000,000.00 in any currency, in cents: far above any real price, far below the int column's limit. */
  maxPriceCents: 100_000_000,
} as const;

/** The multipart fields of an upload, all strings; they must come before the part named `file`. */
export const UPLOAD_FIELDS = [
  'name',
  'description',
  'version',
  'is_paid',
  'price',
  'currency',
  'access_type',
  'allowed_users',
] as const;
export type UploadField = (typeof UPLOAD_FIELDS)[number];
/** The name of the file part of an upload. */
export const UPLOAD_FILE_FIELD = 'file';

/** What a caller receives about a file. Users never get the allowed list (it holds other people's e-mails). */
export interface FileView {
  id: string;
  name: string;
  description: string;
  version: string;
  /** The name the download is saved under (the uploaded file's name, made safe). */
  file_name: string;
  /** The uploaded file's MIME type, else its extension (see fileTypeOf). */
  file_type: string;
  /** Bytes. */
  file_size: number;
  /** Hex SHA-256 of the bytes, computed while they were uploaded. */
  sha256: string;
  is_paid: boolean;
  /** Cents; 0 when free. */
  price: number;
  currency: Currency;
  access_type: FileAccessType;
  is_active: boolean;
  download_count: number;
  /** ISO 8601. */
  created_date: string;
  updated_date: string;
  /** For this caller, by spec section 6 (fileAvailability): 'download' or 'buy'; hidden files are never sent. */
  availability: Exclude<FileAvailability, 'hidden'>;
}

/** What admins receive (GET /api/admin/files and the admin routes' answers). */
export interface AdminFileView extends FileView {
  /** E-mails (lower case); empty unless access_type is specific_users. */
  allowed_users: string[];
  /** Id of the admin who uploaded it, null once that account is gone. */
  created_by: string | null;
}

/** POST /api/files/:id/download and GET /api/admin/files/:id/url: a link valid until expires_at. */
export interface DownloadLink {
  /** Path on this site (`/api/download?...`); open it to download. */
  url: string;
  /** ISO 8601. */
  expires_at: string;
}

/** GET /api/admin/files/limits: what the upload form may check before sending. */
export interface UploadLimits {
  max_bytes: number;
}

/** GET /api/files/summary: the Dashboard tiles and the library's stat cards, for the caller. */
export interface LibrarySummary {
  /** Files the caller sees in the library. */
  total_files: number;
  /** Of those, the ones the caller may download now (spec section 6: a paid file only when listed). */
  available_files: number;
  /** The caller's own download count. */
  your_downloads: number;
  /** Of the files the caller sees, those created in the last 7 days. */
  new_this_week: number;
  /** The visible file with the highest download count. */
  most_popular: { id: string; name: string; download_count: number } | null;
  /** The type labels of the files the caller sees, A-Z: the library's type filter. */
  types: string[];
}

/** Spec section 2, Downloads: Newest First (default), Oldest First, Name A-Z, Most Downloaded. */
export const LIBRARY_SORTS = ['newest', 'oldest', 'name', 'popular'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const DEFAULT_LIBRARY_SORT: LibrarySort = 'newest';
/** Cards in a page of the library (GET /api/files?limit= takes at most LIBRARY_MAX_PAGE). */
export const LIBRARY_PAGE_SIZE = 48;
export const LIBRARY_MAX_PAGE = 100;

/** GET /api/files: the library's search (name or description, case-insensitive), type filter and order. */
export interface LibraryListQuery {
  search?: string;
  sort?: LibrarySort;
  /** An upper-case type label (fileTypeLabel), or absent for 'All Types'. */
  type?: string;
  /** The previous page's `next`. */
  after?: string;
  limit?: number;
}

/** One page of what the caller sees, in the chosen order (the counts and types are in LibrarySummary). */
export interface LibraryPage {
  files: FileView[];
  /** The cursor of the next page, or null after the last one. */
  next: string | null;
}

/** PATCH /api/admin/files/:id. */
export interface FileUpdate {
  is_active: boolean;
}

/** Spec texts about files the api answers with or the web shows, verbatim where the spec gives them. */
export const FILE_TEXTS = {
  selectFile: 'Please select a file to upload',
  invalidPrice: 'Please enter a valid price for paid files',
  uploaded: 'File uploaded successfully!',
  uploadFailed: 'Failed to upload file. Please try again.',
  noAccess: "You don't have access to this file.",
  downloadFailed: 'Download failed. Please try again.',
  deleteTitle: 'Are you sure?',
  deleteBody: (fileName: string) =>
    `This will permanently delete "${fileName}" and remove access for all users. This action cannot be undone.`,
  deleting: 'Deleting...',
  // Ours (the spec has none for these):
  notFound: 'This file does not exist or is not available to you.',
  badLibrarySort: `Unknown sort. Use one of: ${LIBRARY_SORTS.join(', ')}.`,
  badLibraryCursor: 'The page cursor is not valid. Reload the list.',
  badLibraryLimit: `The page size must be a whole number from 1 to ${LIBRARY_MAX_PAGE}.`,
  badLibrarySearch: 'The search can be at most 100 characters.',
  nameRequired: 'File name is required.',
  badCurrency: `Currency must be one of ${CURRENCIES.join(', ')}.`,
  badAccessType: 'Access must be all_users or specific_users.',
  badAllowedUsers: 'Allowed users must be a JSON list of e-mail addresses.',
  badAllowedUser: (email: string) => `"${email}" is not a valid e-mail address.`,
  tooManyAllowedUsers: `A file can list at most ${FILE_LIMITS.allowedUsers} users.`,
  badIsPaid: 'is_paid must be true or false.',
  tooLarge: (maxBytes: number) => `The file is too large. Files can be at most ${formatFileSize(maxBytes)}.`,
  notMultipart: 'Send the upload as multipart/form-data.',
  fieldsAfterFile: 'Send the form fields before the file.',
  oneFile: 'Send exactly one file, in the part named "file".',
  unknownField: (name: string) => `Unknown field "${name}".`,
  repeatedField: (name: string) => `The field "${name}" was sent twice.`,
  fieldTooLong: (name: string) => `The field "${name}" is too long.`,
  tooManyFields: 'The upload has too many fields.',
  interrupted: 'The upload was interrupted before the whole file arrived.',
  linkInvalid: 'This download link is not valid.',
  linkExpired: 'This download link has expired. Start the download again.',
  fileMissing: 'Download failed. Please try again.',
  storageUnavailable: 'File storage is temporarily unavailable. Please try again in a moment.',
  storedTwice: 'These stored bytes already belong to another file record.',
} as const;

/** Spec section 9: sizes in Bytes/KB/MB/GB, base 1024, up to 2 decimals ("290.22 MB", "2 GB"). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** Spec section 9: cents in en-US currency format ("$19.99", "€5.00"). */
export function formatPrice(cents: number, currency: string = DEFAULT_CURRENCY): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** Whole cents as the dollars the upload form takes ("1999" cents → "19.99"), exactly, without floating point. */
export function centsToDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Dollars as typed (or a number) to whole cents, rounded half up on the third decimal without floating-point
 * surprises ("19.99" → 1999, "0.015" → 2). Null for anything that is not a non-negative amount.
 */
export function dollarsToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const text = String(value);
    // Tiny or huge numbers print in exponent form: round those arithmetically.
    if (/e/i.test(text)) return Math.round(value * 100);
    value = text;
  }
  const match = /^\s*(\d{0,15})(?:\.(\d*))?\s*$/.exec(value);
  if (!match || (match[1] === '' && !match[2])) return null;
  const [, whole, decimals = ''] = match;
  const padded = (decimals + '000').slice(0, 3);
  const cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Characters that must not reach a name or label: C0/C1 controls, lone surrogates, bidi embeddings, overrides, isolates and marks. */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A one-line text without control, bidi-override or line-break characters, trimmed (names, versions). */
export function cleanLine(text: string): string {
  return text.replace(UNSAFE_TEXT, '').replace(/[\t\n\r]+/g, ' ').trim();
}

/** A multi-line text without control or bidi-override characters (tabs and line breaks kept), trimmed. */
export function cleanText(text: string): string {
  return text.replace(UNSAFE_TEXT, '').replace(/\r\n?/g, '\n').trim();
}

/** The last part of a path as a browser would name the file (no folders). */
function baseName(fileName: string): string {
  return fileName.split(/[/\\]/).pop() ?? '';
}

/** The extension of a file name, lower case without the dot ("zip"), or '' when it has none. */
export function extensionOf(fileName: string): string {
  return /\.([A-Za-z0-9]{1,10})$/.exec(baseName(fileName).trim())?.[1]?.toLowerCase() ?? '';
}

/**
 * A file's type as every page shows it (Library badge and filter, Dashboard, product page): the file name's extension
 * in upper case ("ZIP", "DMG", "EXE"), else the stored type when it is an extension, else a short form of the MIME
 * type ("application/x-apple-diskimage" reads "APPLE-DISKIMAGE"); '' when nothing is known.
 */
export function fileTypeLabel(fileType: string, fileName = ''): string {
  const type = fileType.trim().toLowerCase();
  const ext = extensionOf(fileName) || (type.includes('/') || type === 'unknown' ? '' : type);
  if (ext) return ext.toUpperCase();
  const sub = type.split('/').pop() ?? '';
  return (type.includes('/') ? sub.replace(/^(x-|vnd\.)/, '') : '').toUpperCase();
}

/** Spec section 2: the upload's name defaults to the chosen file's name without its extension. */
export function defaultFileName(fileName: string): string {
  const base = cleanLine(baseName(fileName));
  const ext = extensionOf(base);
  const name = ext ? base.slice(0, -(ext.length + 1)) : base;
  return Array.from(name.trim()).slice(0, FILE_LIMITS.name).join('').trim();
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/**
 * Spec section 7: file_type is the file's MIME type, else its extension. Browsers send application/octet-stream
 * for a file whose type they do not know (where the original read an empty File.type), so that counts as none.
 */
export function fileTypeOf(mime: string | null | undefined, fileName: string): string {
  const type = (mime ?? '').split(';')[0].trim().toLowerCase();
  if (type && type !== 'application/octet-stream' && MIME.test(type)) return type;
  return extensionOf(fileName) || 'unknown';
}

/** The upload form as typed (the api reads the same from the multipart fields). */
export interface UploadDraft {
  /** The chosen file's name; null when no file is chosen. */
  fileName: string | null;
  name?: string;
  description?: string;
  version?: string;
  is_paid?: boolean;
  /** Dollars as typed (step 0.01, min 0.01); ignored unless is_paid. */
  price?: string | number | null;
  currency?: string;
  access_type?: string;
  /** E-mails; kept only for specific_users. */
  allowed_users?: readonly string[];
}

/** A valid upload's record fields, as the api stores them. */
export interface UploadRecord {
  name: string;
  description: string;
  version: string;
  is_paid: boolean;
  price: number;
  currency: Currency;
  access_type: FileAccessType;
  allowed_users: string[];
}

export type UploadCheck =
  | { ok: true; record: UploadRecord }
  | { ok: false; field: keyof UploadDraft | 'file'; message: string };

const refuse = (field: keyof UploadDraft | 'file', message: string): UploadCheck => ({ ok: false, field, message });

/**
 * Spec section 5, "Upload", in its order: a file must be chosen, a paid file needs a price above 0; then the
 * name (defaulting to the file's name without extension), lengths, currency, access type and allowed users. The
 * form shows `message`; the api answers 400
 * with it. On success, the record to store (price in cents).
 */
export function validateUpload(draft: UploadDraft): UploadCheck {
  if (draft.fileName === null || draft.fileName === undefined) return refuse('file', FILE_TEXTS.selectFile);
  const isPaid = draft.is_paid === true;
  let price = 0;
  if (isPaid) {
    const cents = dollarsToCents(draft.price);
    if (cents === null || cents <= 0 || cents > FILE_LIMITS.maxPriceCents) return refuse('price', FILE_TEXTS.invalidPrice);
    price = cents;
  }
  const name = cleanLine(draft.name ?? '') || defaultFileName(draft.fileName);
  if (!name) return refuse('name', FILE_TEXTS.nameRequired);
  if (Array.from(name).length > FILE_LIMITS.name) return refuse('name', tooLongMessage('File name', FILE_LIMITS.name));
  const version = cleanLine(draft.version ?? '');
  if (Array.from(version).length > FILE_LIMITS.version) return refuse('version', tooLongMessage('Version', FILE_LIMITS.version));
  const description = cleanText(draft.description ?? '');
  if (Array.from(description).length > FILE_LIMITS.description) return refuse('description', tooLongMessage('Description', FILE_LIMITS.description));
  const currency = (draft.currency ?? '').trim().toUpperCase() || DEFAULT_CURRENCY;
  if (!(CURRENCIES as readonly string[]).includes(currency)) return refuse('currency', FILE_TEXTS.badCurrency);
  const accessType = (draft.access_type ?? '').trim() || DEFAULT_ACCESS_TYPE;
  if (!(FILE_ACCESS_TYPES as readonly string[]).includes(accessType)) return refuse('access_type', FILE_TEXTS.badAccessType);
  let allowed: string[] = [];
  if (accessType === 'specific_users') {
    allowed = [...new Set((draft.allowed_users ?? []).map(normalizeEmail).filter(Boolean))];
    const bad = allowed.find((e) => !isValidEmail(e));
    if (bad !== undefined) return refuse('allowed_users', FILE_TEXTS.badAllowedUser(bad));
    if (allowed.length > FILE_LIMITS.allowedUsers) return refuse('allowed_users', FILE_TEXTS.tooManyAllowedUsers);
  }
  return {
    ok: true,
    record: {
      name,
      description,
      version,
      is_paid: isPaid,
      price,
      currency: currency as Currency,
      access_type: accessType as FileAccessType,
      allowed_users: allowed,
    },
  };
}
