import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Worker } from 'worker_threads';
import type { DataSource } from 'typeorm';
import { sqliteFileOf, startSqliteWorker } from './sqlite-worker';

/**
 * The worker: its own read-only connection to the same SQLite file (WAL lets it read beside the api's writes), its
 * thread at nice 19 (Linux schedules each thread on its own), so that the api's thread gets the CPU first.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('worker_threads');
try { require('os').setPriority(19); } catch {}
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.on('message', ({ id, sql, params }) => {
  try {
    parentPort.postMessage({ id, rows: db.prepare(sql).all(...params) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

type Reply = { id: number; rows?: Record<string, unknown>[]; error?: string };

/**
 * Reads that may take a while, kept off the api's thread. better-sqlite3 answers synchronously: a 50 ms query on
 * the api's connection is 50 ms in which no other request moves. On SQLite (a file) these run on a worker
 * thread with its own read-only connection, one at a time, in order; on MariaDB the driver is asynchronous already
 * and they go to the pool as usual. Raw SQL in, raw rows out (the caller's query builder makes the SQL).

 */
@Injectable()
export class OffThreadReads implements OnModuleDestroy {
  private worker: Worker | null = null;
  private next = 1;
  private readonly waiting = new Map<number, { resolve(rows: Record<string, unknown>[]): void; reject(error: Error): void }>();
  private readonly logger = new Logger(OffThreadReads.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  all<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    const file = sqliteFileOf(this.dataSource);
    if (!file) return this.dataSource.query(sql, params);
    const worker = this.worker ?? this.start(file);
    const id = this.next++;
    return new Promise<T[]>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (rows: Record<string, unknown>[]) => void, reject });
      worker.postMessage({ id, sql, params });
    });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(path: string): Worker {
    const worker = startSqliteWorker(WORKER_SOURCE, path);
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.rows ?? []);
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => {
      // Stopped by onModuleDestroy (this.worker already null): expected, nothing to report.
      if (this.worker === worker) {
        this.worker = null;
        this.logger.error(`The read worker stopped (exit code ${code}); the next read starts another.`);
      }
      this.failAll(new Error('The read worker stopped.'));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
