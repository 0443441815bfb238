import type { MigrationGuideBlockId } from '@solvr/contracts';

/** One file (or excerpt) shown in a block of the Migration Guide, as tools/migration-guide/generate.mjs read it. */
export interface GuideFile {
  /** Where it comes from in this repository. */
  path: string;
  language: string;
  code: string;
}

/** A block of the guide (spec section 2): its id names its title in PORTAL_TEXTS.migrationGuide.blocks. */
export interface GuideBlock {
  id: MigrationGuideBlockId;
  files: GuideFile[];
}
