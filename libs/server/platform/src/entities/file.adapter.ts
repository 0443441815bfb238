import { BadRequestException, Injectable } from '@nestjs/common';
import { type AdminFileView, centsToDollars, type FileView, PLATFORM_TEXTS, type UploadDraft, validateUpload } from '@solvr/contracts';
import { type FileChanges, type FileReader, FilesService } from '@solvr/server-files';
import { StorageService } from '@solvr/server-storage';
import { FileLinks } from '../file-links';
import { actingUser, type PlatformCaller } from '../platform-caller';
import { PlatformAudit } from '../platform-audit';
import { fieldMap, type Filter } from '../q-filter';
import {
  type EntityAdapter,
  type InputType,
  type PlatformRecord,
  type PreparedCreate,
  readInput,
  recordQuery,
  type RecordsQuery,
  removeEach,
  requireAdminWrite,
} from './entity-adapter';

const FIELDS = fieldMap({
  string: ['id', 'name', 'description', 'version', 'file_name', 'file_type', 'access_type', 'currency', 'created_by'],
  number: ['file_size', 'price', 'download_count'],
  boolean: ['is_active', 'is_paid'],
  date: ['created_date', 'updated_date'],
});

/** Spec section 3's File fields an admin writes (price in cents, as the spec stores it). */
const WRITABLE: Record<string, InputType> = {
  name: 'text',
  description: 'text',
  version: 'text',
  access_type: 'text',
  allowed_users: 'emails',
  is_active: 'boolean',
  is_paid: 'boolean',
  price: 'cents',
  currency: 'text',
};
/** Derived from the stored bytes or by the server: skipped when sent back. */
const DERIVED = ['id', 'file_url', 'file_name', 'file_type', 'file_size', 'sha256', 'availability', 'created_by', 'created_date', 'updated_date'];
/** Counted by downloads (opening file_url counts), never written. */
const READ_ONLY = ['download_count'];

type FileInput = {
  name?: string;
  description?: string;
  version?: string;
  access_type?: string;
  allowed_users?: string[];
  is_active?: boolean;
  is_paid?: boolean;
  price?: number;
  currency?: string;
};

/** The record fields as the upload form's rule reads them (dollars as typed, no nulls). */
function draftOf(input: FileInput): Omit<FileChanges, 'is_active'> {
  const draft: Omit<UploadDraft, 'fileName'> = {
    name: input.name,
    description: input.description,
    version: input.version,
    is_paid: input.is_paid,
    price: input.price === undefined ? undefined : centsToDollars(input.price),
    currency: input.currency,
    access_type: input.access_type,
    allowed_users: input.allowed_users,
  };
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined));
}

/**
 * File over FilesService: who sees a file is spec section 6's rule (fileAvailability), applied by the files feature;
 * admins write. file_url is a link signed for the caller (see FileLinks); a paid file not bought has none.
 */
@Injectable()
export class FileAdapter implements EntityAdapter {
  readonly name = 'File' as const;
  readonly fields = FIELDS;
  readonly writable = WRITABLE;
  readonly readable = [
    'id', 'name', 'description', 'version', 'file_url', 'file_name', 'file_type', 'file_size', 'sha256', 'access_type', 'allowed_users',
    'is_active', 'is_paid', 'price', 'currency', 'download_count', 'availability',
    'created_by', 'created_date', 'updated_date',
  ];

  constructor(
    private readonly files: FilesService,
    private readonly storage: StorageService,
    private readonly links: FileLinks,
    private readonly audit: PlatformAudit,
  ) {}

  async list(caller: PlatformCaller, query: RecordsQuery): Promise<PlatformRecord[]> {
    const reader: FileReader = caller.kind === 'service' ? 'service' : caller.kind === 'user' ? caller.user : null;
    const views = await this.files.records(recordQuery(query, FIELDS), reader);
    return views.map((view) => this.record(view, caller));
  }

  private record(view: FileView | AdminFileView, caller: PlatformCaller): PlatformRecord {
    const userId = caller.kind === 'user' ? caller.user.id : null;
    const fileUrl = view.availability === 'download' ? this.links.fileUrl(view.id, userId) : null;
    return { ...view, file_url: fileUrl, created_by: 'created_by' in view ? view.created_by : null };
  }

  async prepareCreate(caller: PlatformCaller, input: Record<string, unknown>): Promise<PreparedCreate> {
    await requireAdminWrite(this, caller);
    const values = readInput(this.name, input, { writable: WRITABLE, derived: [...DERIVED, 'download_count'], readOnly: [] }) as FileInput;
    const fileUrl = input.file_url;
    // Spec section 4: new uploads start with download_count 0; the count is the downloads'.
    if (input.download_count !== undefined && input.download_count !== 0) throw new BadRequestException({ message: PLATFORM_TEXTS.readOnlyField(this.name, 'download_count'), code: 'read_only_field' });
    if (!fileUrl) throw new BadRequestException({ message: PLATFORM_TEXTS.fileUrlRequired, code: 'bad_record' });
    const stored = this.links.uploaded(fileUrl);
    if (!stored || !(await this.storage.exists(stored.key))) throw new BadRequestException({ message: PLATFORM_TEXTS.fileUrlInvalid, code: 'bad_file_url' });
    const check = validateUpload({ fileName: stored.fileName, ...draftOf(values) });
    if (!check.ok) throw new BadRequestException({ message: check.message, errors: { [check.field]: check.message } });
    return async () => {
      let file = await this.files.create(check.record, stored, actingUser(caller)?.id ?? null);
      if (values.is_active === false) file = await this.files.setActive(file.id, false);
      await this.audit.record(caller, 'file.upload', { type: 'file', id: file.id, label: file.name });
      return this.record(file, caller);
    };
  }

  async update(caller: PlatformCaller, id: string, changes: Record<string, unknown>): Promise<PlatformRecord> {
    await requireAdminWrite(this, caller, id);
    const values = readInput(this.name, changes, { writable: WRITABLE, derived: DERIVED, readOnly: READ_ONLY }) as FileInput;
    const file = await this.files.edit(id, { ...draftOf(values), ...(values.is_active === undefined ? {} : { is_active: values.is_active }) });
    await this.audit.record(caller, 'file.update', { type: 'file', id, label: file.name, detail: Object.keys(values).join(', ') || null });
    return this.record(file, caller);
  }

  async remove(caller: PlatformCaller, id: string): Promise<void> {
    await requireAdminWrite(this, caller, id);
    await this.files.remove(id);
    await this.audit.record(caller, 'file.delete', { type: 'file', id });
  }

  removeMatching(caller: PlatformCaller, filter: Filter): Promise<number> {
    return removeEach(this, caller, filter);
  }
}
