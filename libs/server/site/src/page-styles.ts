import { PurgeCSS } from 'purgecss';
import purgecssFromHtml from 'purgecss-from-html';

const MAX_KEPT = 100;

/**
 * The CSS a server-rendered page inlines: of every rule the site's styles hold, those whose selectors can match
 * the page's tags, classes, ids and attributes (PurgeCSS), with the custom properties, keyframes and fonts they
 * use. A smaller style block is painted sooner; the states the page reaches later (an open menu, a dialog) are
 * styled by the CSS files the code loads with its chunks.
 *
 * Pages built from the same tags and classes share one result, worked out once: a news change re-renders a page
 * with new words but, mostly, the same vocabulary.
 */
export class PageStyles {
  private readonly kept = new Map<string, Promise<string>>();

  constructor(private readonly css: string) {}

  /** The styles for a document (its own style block left out of it). */
  forDocument(html: string): Promise<string> {
    const found = purgecssFromHtml(html);
    const key = JSON.stringify([found.tags, found.classes, found.ids, found.attributes.names, found.attributes.values, found.undetermined].map((list) => [...new Set(list)].sort()));
    let styles = this.kept.get(key);
    if (!styles) {
      // Should PurgeCSS fail on some page, the page keeps every rule rather than going without its styles.
      styles = this.purge(html, () => found).catch(() => this.css);
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, styles);
    }
    return styles;
  }

  private async purge(html: string, extractor: (content: string) => ReturnType<typeof purgecssFromHtml>): Promise<string> {
    const [result] = await new PurgeCSS().purge({
      content: [{ raw: html, extension: 'html' }],
      css: [{ raw: this.css }],
      extractors: [{ extractor, extensions: ['html'] }],
      variables: true,
      keyframes: true,
      fontFace: true,
    });
    return result?.css ?? this.css;
  }
}
