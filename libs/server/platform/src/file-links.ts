import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'crypto';
import { InjectConfig } from '@solvr/server-core';
import { filesConfig, type FilesConfig, type StoredUpload } from '@solvr/server-files';
import { signDownload, verifyDownload } from '@solvr/server-storage';
import { platformConfig, type PlatformConfig } from './platform.config';

/** How long a File record's file_url works (it checks the caller's access again when opened). */
export const FILE_URL_TTL_SECONDS = 24 * 3600;
/** How long Core.UploadFile's file_url works: it opens the bytes to whoever holds it, so File.create should follow soon. */
export const UPLOAD_URL_TTL_SECONDS = 3600;

type Verdict<T> = { ok: true; value: T } | { ok: false; reason: 'expired' | 'tampered' };

/**
 * The file_url of the platform layer. No storage address is ever public: a File record's file_url is a link signed
 * for one caller that, when opened, checks the caller's access again, counts the download and redirects to the
 * site's own short-lived download link. Core.UploadFile's file_url is the signed link to the new bytes, carrying
 * their measured facts, so File.create can make the record of exactly those bytes.
 */
@Injectable()
export class FileLinks {
  constructor(
    @InjectConfig(platformConfig) private readonly settings: PlatformConfig,
    @InjectConfig(filesConfig) private readonly files: FilesConfig,
  ) {}

  private mac(parts: unknown[]): string {
    return createHmac('sha256', this.settings.signingKey).update(JSON.stringify(parts)).digest('base64url');
  }

  private same(given: string, expected: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private expires(ttlSeconds: number): string {
    return String(Math.floor(Date.now() / 1000) + ttlSeconds);
  }

  /** The path (under /api) a File record's file_url opens. */
  downloadPath(fileId: string): string {
    return `/api/apps/${this.settings.appId}/files/${encodeURIComponent(fileId)}/download`;
  }

  /** A File record's file_url for this caller: `userId` null for the service role (not counted, as an admin's view). */
  fileUrl(fileId: string, userId: string | null): string {
    const u = userId ?? '';
    const e = this.expires(FILE_URL_TTL_SECONDS);
    const query = new URLSearchParams({ u, e, s: this.mac(['file-url-v1', fileId, u, e]) });
    return `${this.settings.publicUrl}${this.downloadPath(fileId)}?${query}`;
  }

  /** Checks a record's file_url as opened: who it was made for. */
  verifyFileUrl(fileId: string, query: Record<string, unknown>): Verdict<{ userId: string | null }> {
    const [u, e, s] = ['u', 'e', 's'].map((k) => (typeof query[k] === 'string' ? (query[k] as string) : undefined));
    if (u === undefined || !e || !s || !/^\d{1,12}$/.test(e) || !this.same(s, this.mac(['file-url-v1', fileId, u, e]))) return { ok: false, reason: 'tampered' };
    if (Number(e) * 1000 <= Date.now()) return { ok: false, reason: 'expired' };
    return { ok: true, value: { userId: u || null } };
  }

  /** Core.UploadFile's answer: the signed link to the stored bytes (it opens them), with their facts signed alongside. */
  uploadUrl(stored: StoredUpload): string {
    const link = signDownload(stored.key, stored.fileName, new Date(Number(this.expires(UPLOAD_URL_TTL_SECONDS)) * 1000), this.files.signingKey);
    const facts = Buffer.from(JSON.stringify([stored.fileType, stored.size, stored.sha256, stored.sha512])).toString('base64url');
    return `${this.settings.publicUrl}/api/download?${link}&facts=${facts}&fs=${this.mac(['upload-v1', stored.key, facts])}`;
  }

  /** The upload a file_url from uploadUrl names; null for any other text, a changed one, or an expired one. */
  uploaded(fileUrl: unknown): StoredUpload | null {
    if (typeof fileUrl !== 'string' || fileUrl.length > 4000) return null;
    let url: URL;
    try {
      url = new URL(fileUrl, this.settings.publicUrl);
    } catch {
      return null;
    }
    if (url.pathname !== '/api/download') return null;
    const link = verifyDownload(url.searchParams, this.files.signingKey);
    const facts = url.searchParams.get('facts') ?? '';
    if (!link.ok || !this.same(url.searchParams.get('fs') ?? '', this.mac(['upload-v1', link.key, facts]))) return null;
    const [fileType, size, sha256, sha512] = JSON.parse(Buffer.from(facts, 'base64url').toString()) as [string, number, string, string];
    return { key: link.key, fileName: link.fileName, fileType, size, sha256, sha512 };
  }
}
