import {
  DEFAULT_ACCESS_TYPE,
  DEFAULT_CURRENCY,
  FILE_TEXTS,
  validateUpload,
  type Currency,
  type FileAccessType,
  type UploadField,
  type UploadRecord,
  type UserPick,
} from '@solvr/contracts';

/** The Upload tab's form as the admin fills it in. */
export interface UploadForm {
  file: File | null;
  /** As typed; empty means the file's name without extension (defaultFileName). */
  name: string;
  version: string;
  description: string;
  access_type: FileAccessType;
  allowed_users: UserPick[];
  is_paid: boolean;
  /** Dollars as typed. */
  price: string;
  currency: Currency;
}

export const EMPTY_UPLOAD_FORM: UploadForm = {
  file: null,
  name: '',
  version: '',
  description: '',
  access_type: DEFAULT_ACCESS_TYPE,
  allowed_users: [],
  is_paid: false,
  price: '',
  currency: DEFAULT_CURRENCY,
};

/** A form field, or 'file' for the file input. */
export type UploadFormField = keyof UploadForm;

export type UploadFormCheck = { ok: true; record: UploadRecord; file: File } | { ok: false; field: UploadFormField; message: string };

/** The shared rule (validateUpload), then the size the api accepts (when known). */
export function checkUploadForm(form: UploadForm, maxBytes: number | undefined): UploadFormCheck {
  const check = validateUpload({
    fileName: form.file?.name ?? null,
    name: form.name,
    description: form.description,
    version: form.version,
    is_paid: form.is_paid,
    price: form.price,
    currency: form.currency,
    access_type: form.access_type,
    allowed_users: form.allowed_users.map((u) => u.email),
  });
  if (!check.ok) return { ok: false, field: check.field === 'fileName' ? 'file' : (check.field as UploadFormField), message: check.message };
  const file = form.file as File;
  if (maxBytes !== undefined && file.size > maxBytes) return { ok: false, field: 'file', message: FILE_TEXTS.tooLarge(maxBytes) };
  return { ok: true, record: check.record, file };
}

/**
 * The multipart string fields of a checked upload, in UPLOAD_FIELDS order. The price goes in dollars (the api
 * converts it with the same dollarsToCents): the checked cents written back as dollars, so what is sent is exactly
 * what was checked ("19.999" is sent as "20.00").
 */
export function uploadFields(record: UploadRecord): Record<UploadField, string> {
  return {
    name: record.name,
    description: record.description,
    version: record.version,
    is_paid: String(record.is_paid),
    price: record.is_paid ? (record.price / 100).toFixed(2) : '0',
    currency: record.currency,
    access_type: record.access_type,
    allowed_users: JSON.stringify(record.allowed_users),
  };
}

/** Spec section 9: the upload form shows the size in MB with 2 decimals. */
export const sizeInMb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
