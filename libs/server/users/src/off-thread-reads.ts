import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { join } from 'path';
import { Piscina } from 'piscina';
import type { DataSource } from 'typeorm';
import { sqliteFileOf } from '@solvr/server-core';

/**
 * The worker's file: beside this one in the sources, beside main.js in dist (each node app's bundle has it as an
 * entry of its own, tools/webpack/node-app.js).
 */
export const OFF_THREAD_READS_WORKER = join(__dirname, 'off-thread-reads.worker.js');

/**
 * The users directory's long reads, kept off the api's thread. better-sqlite3 answers synchronously: a 50 ms search
 * at 100,000 users on the api's connection is 50 ms in which no other request moves. On SQLite (a file) they run in
 * a piscina pool of one thread with its own read-only connection (one at a time, in order; the pool starts another
 * thread if one dies); on MariaDB the driver is asynchronous already and they go to the pool as usual. Raw SQL in,
 * raw rows out (the caller's query builder makes the SQL).
 */
@Injectable()
export class OffThreadReads implements OnModuleDestroy {
  private pool: Piscina | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  all<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    const path = sqliteFileOf(this.dataSource);
    if (!path) return this.dataSource.query(sql, params);
    this.pool ??= new Piscina({ filename: OFF_THREAD_READS_WORKER, workerData: { path }, minThreads: 1, maxThreads: 1, idleTimeout: 60_000 });
    return this.pool.run({ sql, params });
  }

  async onModuleDestroy(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
