import type { SsrRendered } from '@solvr/contracts';

/**
 * A feature that renders pages on the server registers itself under this token; serveWeb then answers those
 * page addresses with the rendered HTML inside the shell's index.html, and every other with the plain shell.
 */
export const PAGE_RENDERER = Symbol('PAGE_RENDERER');

export interface PageRenderer {
  /** null: not a server-rendered page (or rendering is not possible now): the plain shell is sent. */
  render(url: string): Promise<SsrRendered | null>;
  /** Called with each page as soon as it is rendered (before anyone asks for it): the finished document is made then. */
  onRendered?(listener: (page: SsrRendered) => void): void;
}
