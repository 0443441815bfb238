import { fileAvailability, type AdminFileView, type FileAccessFacts, type FileAvailability, type FileView, type FileViewer } from '@solvr/contracts';
import type { FileRecord } from './file.entity';

/** The facts the visibility rule of spec section 6 decides on. */
export const accessFacts = (f: FileRecord): FileAccessFacts => ({
  id: f.id,
  is_active: f.isActive,
  is_paid: f.isPaid,
  access_type: f.accessType,
  allowed_users: f.allowedUsers,
});

/** What a caller may see of a file it may see: never the allowed list, never the storage key. */
export const toFileView = (f: FileRecord, availability: Exclude<FileAvailability, 'hidden'>): FileView => ({
  id: f.id,
  name: f.name,
  description: f.description,
  version: f.version,
  file_name: f.fileName,
  file_type: f.fileType,
  file_size: f.fileSize,
  sha256: f.sha256,
  is_paid: f.isPaid,
  price: f.price,
  currency: f.currency,
  access_type: f.accessType,
  is_active: f.isActive,
  download_count: f.downloadCount,
  created_date: f.createdDate.toISOString(),
  updated_date: f.updatedDate.toISOString(),
  availability,
});

/** A row LibraryReads.visible() selected for this viewer, with the button the rule gives it (Buy, else Download). */
export const listedView = (f: FileRecord, viewer: FileViewer): FileView => toFileView(f, fileAvailability(accessFacts(f), viewer) === 'buy' ? 'buy' : 'download');

/** The admin console's view: everything but the storage key. */
export const toAdminFileView = (f: FileRecord): AdminFileView => ({
  ...toFileView(f, 'download'),
  allowed_users: [...f.allowedUsers],
  created_by: f.createdBy,
});
