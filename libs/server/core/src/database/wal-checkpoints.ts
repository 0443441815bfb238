import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Worker } from 'worker_threads';
import type { DataSource } from 'typeorm';
import { sqliteFileOf, startSqliteWorker } from './sqlite-worker';

/** How often the worker copies the WAL back into the database file. */
export const CHECKPOINT_EVERY_MS = 500;
/** SQLite's own default, put back on the api's connection if the worker stops. */
const AUTO_CHECKPOINT_PAGES = 1000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('wal_autocheckpoint = 0');
db.pragma('busy_timeout = 5000');
parentPort.postMessage('ready');
setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error && error.message || error)); }
}, workerData.everyMs);`;

type SqliteConnection = { pragma(source: string, options?: { simple: boolean }): unknown };

/**
 * SQLite checkpoints on a thread of its own. By default the commit that takes the write-ahead log past 1,000 pages
 * also copies them into the database file and syncs it: 25-30 ms in which, better-sqlite3 being synchronous, the api
 * answers nothing (every few seconds while a campaign updates its outbox rows). Here the api's connection never
 * checkpoints; a worker thread with its own connection does, every CHECKPOINT_EVERY_MS, in PASSIVE mode (it never
 * waits for or blocks a reader or writer). If the worker stops, the api's connection checkpoints itself again.
 */
@Injectable()
export class WalCheckpoints implements OnApplicationBootstrap, OnModuleDestroy {
  private worker: Worker | null = null;
  private readonly logger = new Logger(WalCheckpoints.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const file = sqliteFileOf(this.dataSource);
    if (!file) return;
    const worker = startSqliteWorker(WORKER_SOURCE, file, { everyMs: CHECKPOINT_EVERY_MS });
    worker.on('message', (message: string) => {
      if (message !== 'ready') return this.logger.warn(`A checkpoint failed: ${message}`);
      if (this.worker === worker) this.autoCheckpoint(0);
    });
    worker.on('error', (error) => this.logger.error(`The checkpoint worker failed: ${error.message}`));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.autoCheckpoint(AUTO_CHECKPOINT_PAGES);
      this.logger.error(`The checkpoint worker stopped (exit code ${code}); the api's connection checkpoints itself again.`);
    });
    this.worker = worker;
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await worker.terminate();
    this.autoCheckpoint(AUTO_CHECKPOINT_PAGES);
  }

  private autoCheckpoint(pages: number): void {
    const api = (this.dataSource.driver as unknown as { databaseConnection?: SqliteConnection }).databaseConnection;
    if (this.dataSource.isInitialized && api) api.pragma(`wal_autocheckpoint = ${pages}`);
  }
}
