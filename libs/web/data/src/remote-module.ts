import type { ComponentType } from 'react';

/**
 * What each remote exposes as ./Module: its pages by name, and `probe`, the identities of the
 * shared libraries as the remote itself resolved them (the shell checks they are its own).
 */
export interface RemoteModule {
  pages: Record<string, ComponentType>;
  probe: Record<string, unknown>;
}
