import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AUDIT_RECORDER } from '@solvr/server-core';
import { UsersDataModule } from '@solvr/server-users';
import { AuditController } from './audit.controller';
import { AuditEntry } from './audit-entry.entity';
import { AuditService } from './audit.service';

/**
 * Owns audit_log. Handlers opt in with @Audited (server-core), whose interceptor writes the entries through this
 * module's recorder; global, so the handlers of every feature module find it.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry]), UsersDataModule],
  controllers: [AuditController],
  providers: [AuditService, { provide: AUDIT_RECORDER, useExisting: AuditService }],
  exports: [AuditService, AUDIT_RECORDER],
})
export class AuditModule {}
