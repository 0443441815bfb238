import {
  BadRequestException,
  HttpException,
  Injectable,
  Logger,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'crypto';
import type { Readable } from 'stream';
import {
  FILE_TEXTS,
  fileTypeOf,
  UPLOAD_FIELDS,
  UPLOAD_FILE_FIELD,
  validateUpload,
  type AdminFileView,
  type UploadDraft,
  type UploadField,
  type UploadRecord,
} from '@solvr/contracts';
import { InjectConfig, type SessionUser } from '@solvr/server-core';
import { safeFileName, StorageService, TooLarge } from '@solvr/server-storage';
import { filesConfig, type FilesConfig } from './files.config';
import { FilesService, type StoredUpload } from './files.service';

/** Largest multipart field value (allowed_users holds up to 1000 e-mails as JSON). */
const FIELD_BYTES = 300 * 1024;
/** What a form may add to the file's bytes: every field at its largest, plus boundaries and part headers. */
const FORM_ALLOWANCE = UPLOAD_FIELDS.length * FIELD_BYTES + 64 * 1024;
/** After a refusal the client may still be sending: read and drop it this long, then close the connection. */
const LINGER_MS = 2000;


const isField = (name: string): name is UploadField => (UPLOAD_FIELDS as readonly string[]).includes(name);

/**
 * POST /api/admin/files: the form fields, then the file, streamed through busboy straight into storage (local disk:
 * a temp file renamed when complete; S3: a multipart upload with bounded memory). Nothing is kept when the upload
 * is refused, too large or cut off: the object is removed (or never completed) and no record is written.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger('Uploads');

  constructor(
    private readonly files: FilesService,
    private readonly storage: StorageService,
    @InjectConfig(filesConfig) private readonly settings: FilesConfig,
  ) {}

  async receive(req: FastifyRequest, user: SessionUser): Promise<AdminFileView> {
    try {
      return await this.receiveParts(req, user);
    } catch (err) {
      this.lingerThenClose(req);
      throw this.refusal(err, req);
    }
  }

  /**
   * The platform layer's Core.UploadFile: the part named `file` streamed into storage under a new key, with no record
   * yet (the File record made from it later owns it). Other parts are small fields and are read and ignored.
   */
  async receiveObject(req: FastifyRequest): Promise<StoredUpload> {
    try {
      if (!req.isMultipart()) throw new UnsupportedMediaTypeException(FILE_TEXTS.notMultipart);
      const max = this.settings.maxBytes;
      if (Number(req.headers['content-length']) > max + FORM_ALLOWANCE) throw new PayloadTooLargeException(FILE_TEXTS.tooLarge(max));
      let stored: StoredUpload | undefined;
      let open: { destroy(): void } | undefined;
      try {
        const parts = req.parts({ limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, files: 1, parts: 21, fileSize: max + 1 } });
        for await (const part of parts) {
          if (part.type === 'field') continue;
          open = part.file;
          if (part.fieldname !== UPLOAD_FILE_FIELD) throw new BadRequestException(FILE_TEXTS.oneFile);
          stored = await this.store(part.file, part.filename ? safeFileName(part.filename) : 'upload', part.mimetype);
          open = undefined;
        }
      } catch (err) {
        open?.destroy();
        if (stored) await this.discard(stored.key);
        throw err;
      }
      if (!stored) throw new BadRequestException(FILE_TEXTS.selectFile);
      return stored;
    } catch (err) {
      this.lingerThenClose(req);
      throw this.refusal(err, req);
    }
  }

  /**
   * Several files in one form (a release's publish): the small fields named in `form.fields`, then up to
   * `form.maxFiles` files, each streamed into storage under `form.keyPrefix` and a new random key.
   * `check(fields, fileName)` refuses a file before its bytes are stored. On any refusal or cut-off every object
   * stored so far is removed.
   */
  async receiveMany(
    req: FastifyRequest,
    form: { fields: readonly string[]; maxFiles: number; keyPrefix: string },
    check: (fields: Map<string, string>, fileName: string) => void,
  ): Promise<{ fields: Map<string, string>; stored: StoredUpload[] }> {
    const stored: StoredUpload[] = [];
    try {
      if (!req.isMultipart()) throw new UnsupportedMediaTypeException(FILE_TEXTS.notMultipart);
      const fields = new Map<string, string>();
      let open: { destroy(): void } | undefined;
      try {
        const parts = req.parts({ limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: form.fields.length, files: form.maxFiles, fileSize: this.settings.maxBytes + 1 } });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (stored.length) throw new BadRequestException(FILE_TEXTS.fieldsAfterFile);
            if (!form.fields.includes(part.fieldname)) throw new BadRequestException(FILE_TEXTS.unknownField(part.fieldname));
            if (fields.has(part.fieldname)) throw new BadRequestException(FILE_TEXTS.repeatedField(part.fieldname));
            fields.set(part.fieldname, String(part.value));
            continue;
          }
          open = part.file;
          const fileName = safeFileName(part.filename || '');
          check(fields, fileName);
          stored.push(await this.store(part.file, fileName, part.mimetype, form.keyPrefix));
          open = undefined;
        }
      } catch (err) {
        open?.destroy();
        throw err;
      }
      return { fields, stored };
    } catch (err) {
      await Promise.all(stored.map((s) => this.discard(s.key)));
      this.lingerThenClose(req);
      throw this.refusal(err, req);
    }
  }

  /** Removes the stored bytes of uploads whose records were not written. */
  async discardAll(stored: StoredUpload[]): Promise<void> {
    await Promise.all(stored.map((s) => this.discard(s.key)));
  }

  /** Streams a file part into storage under a new random key, measuring size and checksums on the way. */
  private async store(body: Readable, fileName: string, mimeType: string, keyPrefix = 'files/'): Promise<StoredUpload> {
    const key = `${keyPrefix}${randomUUID()}`;
    const put = await this.storage.put(key, body, { contentType: 'application/octet-stream', maxBytes: this.settings.maxBytes });
    return { key, fileName, fileType: fileTypeOf(mimeType, fileName), ...put };
  }

  private async receiveParts(req: FastifyRequest, user: SessionUser): Promise<AdminFileView> {
    if (!req.isMultipart()) throw new UnsupportedMediaTypeException(FILE_TEXTS.notMultipart);
    const max = this.settings.maxBytes;
    // An honest client that announces too much is told before it sends anything.
    const declared = Number(req.headers['content-length']);
    if (declared > max + FORM_ALLOWANCE) throw new PayloadTooLargeException(FILE_TEXTS.tooLarge(max));

    const fields = new Map<UploadField, string>();
    let stored: StoredUpload | undefined;
    let record: UploadRecord | undefined;
    /** The file part being read: destroyed on any refusal, which also stops busboy reading the request. */
    let open: { destroy(): void } | undefined;
    try {
      const parts = req.parts({
        limits: { fieldNameSize: 100, fieldSize: FIELD_BYTES, fields: UPLOAD_FIELDS.length, files: 1, parts: UPLOAD_FIELDS.length + 1, fileSize: max + 1 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (stored) throw new BadRequestException(FILE_TEXTS.fieldsAfterFile);
          const name = part.fieldname;
          if (!isField(name)) throw new BadRequestException(FILE_TEXTS.unknownField(name));
          if (fields.has(name)) throw new BadRequestException(FILE_TEXTS.repeatedField(name));
          if (part.valueTruncated) throw new BadRequestException(FILE_TEXTS.fieldTooLong(name));
          fields.set(name, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
          continue;
        }
        open = part.file;
        if (part.fieldname !== UPLOAD_FILE_FIELD || stored) throw new BadRequestException(FILE_TEXTS.oneFile);
        // A form posted without a chosen file still sends an empty part with an empty name.
        const fileName = part.filename ? safeFileName(part.filename) : null;
        const check = validateUpload(draftOf(fields, fileName));
        if (!check.ok) throw new BadRequestException({ message: check.message, errors: { [check.field]: check.message } });
        stored = await this.store(part.file, fileName as string, part.mimetype);
        record = check.record;
        open = undefined;
      }
    } catch (err) {
      open?.destroy();
      if (stored) await this.discard(stored.key);
      throw err;
    }
    if (!stored || !record) {
      const check = validateUpload(draftOf(fields, null));
      throw new BadRequestException(check.ok ? FILE_TEXTS.selectFile : { message: check.message, errors: { [check.field]: check.message } });
    }
    try {
      return await this.files.create(record, stored, user.id);
    } catch (err) {
      await this.discard(stored.key);
      throw err;
    }
  }

  private async discard(key: string): Promise<void> {
    await this.storage.delete(key).catch((err: Error) => this.logger.error(`Could not remove ${key} of a refused upload: ${err.message}`));
  }

  /** The HTTP answer for what went wrong (the client may be gone already; then it is only logged as a 4xx). */
  private refusal(err: unknown, req: FastifyRequest): unknown {
    if (err instanceof HttpException) return err;
    if (err instanceof TooLarge) return new PayloadTooLargeException(FILE_TEXTS.tooLarge(this.settings.maxBytes));
    const code = (err as { code?: unknown }).code;
    switch (code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        return new PayloadTooLargeException(FILE_TEXTS.tooLarge(this.settings.maxBytes));
      case 'FST_FILES_LIMIT':
        return new BadRequestException(FILE_TEXTS.oneFile);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        return new BadRequestException(FILE_TEXTS.tooManyFields);
      case 'FST_PROTO_VIOLATION':
      case 'FST_INVALID_JSON_FIELD_ERROR':
        return new BadRequestException(FILE_TEXTS.unknownField((err as Error).message));
    }
    // busboy refuses a multipart type without a usable boundary before reading anything.
    if (/Boundary not found/i.test((err as Error).message ?? '')) return new BadRequestException(FILE_TEXTS.notMultipart);
    if (code === 'FST_MP_PREMATURE_CLOSE' || req.raw.destroyed || /Unexpected end|terminated early|Malformed/i.test((err as Error).message ?? '')) {
      return new BadRequestException(FILE_TEXTS.interrupted);
    }
    return err;
  }

  /**
   * A refused upload may still be arriving. Node reads and drops the rest after the answer; past a short grace
   * the connection is closed, so a client cannot keep a refused 2 GB body flowing.
   */
  private lingerThenClose(req: FastifyRequest): void {
    if (req.raw.complete) return;
    setTimeout(() => {
      if (!req.raw.complete) req.raw.socket?.destroy();
    }, LINGER_MS).unref();
  }
}

/** The multipart fields as the shared rule reads them. */
function draftOf(fields: Map<UploadField, string>, fileName: string | null): UploadDraft {
  const isPaid = (fields.get('is_paid') ?? '').trim().toLowerCase();
  if (!['', 'true', 'false', '1', '0', 'on', 'off'].includes(isPaid)) throw new BadRequestException(FILE_TEXTS.badIsPaid);
  return {
    fileName,
    name: fields.get('name'),
    description: fields.get('description'),
    version: fields.get('version'),
    is_paid: ['true', '1', 'on'].includes(isPaid),
    price: fields.get('price') ?? null,
    currency: fields.get('currency'),
    access_type: fields.get('access_type'),
    allowed_users: emailsOf(fields.get('allowed_users')),
  };
}

/** allowed_users is a JSON list of e-mails (spec section 5: object values go JSON-encoded in multipart). */
function emailsOf(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new BadRequestException(FILE_TEXTS.badAllowedUsers);
  }
  if (!Array.isArray(list) || !list.every((e): e is string => typeof e === 'string')) throw new BadRequestException(FILE_TEXTS.badAllowedUsers);
  return list;
}
