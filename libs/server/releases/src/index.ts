export * from './release.entity';
export * from './releases.module';
export * from './releases.service';
export * from './releases.controller';
export * from './seeded-releases';
export * from './placeholder-archive';
export * from './migrations';
export * from './mail-segments';
export { releaseNotesHtml } from './release-notes';
