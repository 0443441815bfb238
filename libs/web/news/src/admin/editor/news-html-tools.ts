import { isNewsImageSrc } from '@solvr/contracts';

/**
 * HTML helpers of the news editor, done on the browser's DOM (DOMParser): cleaning what is pasted, tidying what the
 * editor writes, and naming the markup it cannot keep. Only the editor's chunk imports them.
 */

function parseBody(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html').body;
}

function unwrap(el: Element) {
  el.replaceWith(...Array.from(el.childNodes));
}

function removeComments(root: Node) {
  const walker = root.ownerDocument?.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker?.nextNode()) comments.push(walker.currentNode);
  comments.forEach((c) => c.parentNode?.removeChild(c));
}

/** A paragraph of a list in Word's HTML: `style="mso-list:l0 level2 lfo1"` (list l0, level 2). */
function wordListItem(el: Element | null): { list: string; level: number } | null {
  const match = el && /mso-list:\s*(\S+)\s+level(\d+)/i.exec(el.getAttribute('style') ?? '');
  return match ? { list: match[1], level: Number(match[2]) } : null;
}

/**
 * Word writes a list as paragraphs, each with its bullet or number as text in a `mso-list:Ignore` span. They become
 * <ul>/<ol> with <li>s, nested by their level; the marker's text says which list it is.
 */
function wordListsToLists(body: HTMLElement) {
  const doc = body.ownerDocument;
  const paragraphs = Array.from(body.querySelectorAll('p')).filter((p) => wordListItem(p));
  const done = new Set<Element>();
  for (const first of paragraphs) {
    if (done.has(first)) continue;
    // The paragraphs of one list (l0, l1, ...) that follow each other.
    const id = wordListItem(first)?.list;
    const run: Element[] = [];
    for (let el: Element | null = first; wordListItem(el)?.list === id; el = el?.nextElementSibling ?? null) if (el) run.push(el);
    const stack: { level: number; list: HTMLElement }[] = [];
    const top = { node: null as HTMLElement | null };
    for (const p of run) {
      done.add(p);
      const level = wordListItem(p)?.level ?? 1;
      const marker = Array.from(p.querySelectorAll('span')).find((s) => /mso-list:\s*ignore/i.test(s.getAttribute('style') ?? ''));
      const ordered = /^\(?[0-9a-z]{1,4}[.)]/i.test((marker?.textContent ?? '').trim());
      marker?.remove();
      while (stack.length && stack[stack.length - 1].level > level) stack.pop();
      if (!stack.length || stack[stack.length - 1].level < level) {
        const list = doc.createElement(ordered ? 'ol' : 'ul');
        const parentItem = stack.length ? stack[stack.length - 1].list.lastElementChild : null;
        if (parentItem) parentItem.appendChild(list);
        else if (!top.node) {
          p.before(list);
          top.node = list;
        } else top.node.after(list);
        stack.push({ level, list });
      }
      const item = doc.createElement('li');
      item.append(...Array.from(p.childNodes));
      stack[stack.length - 1].list.appendChild(item);
      p.remove();
    }
  }
}

/**
 * What is pasted, before the editor reads it (its schema then keeps only headings, paragraphs, lists, links, images,
 * code, quotes and videos, and no style): Word's and Google Docs' extras go: comments, <style>, <meta>, Office tags
 * (<o:p>, <v:shape>, ...), the Google Docs wrapper <b style="font-weight:normal">; Word's list paragraphs become
 * lists; images from the clipboard's own files (file:, data:, blob:, cid:, which the api would drop) go.
 */
export function cleanPastedHtml(html: string): string {
  const body = parseBody(html);
  removeComments(body);
  body.querySelectorAll('style, meta, link, title, script, xml, template').forEach((el) => el.remove());
  // Office's own namespaced tags (<o:p>&nbsp;</o:p>, VML shapes): none is content.
  Array.from(body.querySelectorAll('*'))
    .filter((el) => el.tagName.includes(':'))
    .forEach((el) => el.remove());
  body.querySelectorAll('b[id^="docs-internal-guid"], b[style*="font-weight:normal"], b[style*="font-weight: normal"]').forEach(unwrap);
  wordListsToLists(body);
  body.querySelectorAll('img').forEach((img) => {
    if (!isNewsImageSrc(img.getAttribute('src') ?? '')) img.remove();
  });
  return body.innerHTML;
}

/**
 * What the editor writes, as a person would: a list item holding one paragraph (and perhaps a nested list) is written
 * without the paragraph (`<li>Item</li>`, as hand-written lists and the former HTML box were); the editor reads it
 * back the same.
 */
export function tidyEditorHtml(html: string): string {
  if (!/<li/i.test(html)) return html;
  const body = parseBody(html);
  body.querySelectorAll('li').forEach((li) => {
    const [first, ...rest] = Array.from(li.children);
    if (first?.tagName === 'P' && first.attributes.length === 0 && rest.every((el) => el.tagName === 'UL' || el.tagName === 'OL')) unwrap(first);
  });
  return body.innerHTML;
}

/**
 * The elements the sanitiser keeps (libs/server/news/src/news-html.ts) that the visual editor has no place for: a
 * post holding any of them opens as HTML, so that editing it loses nothing. (<div> and <span> are not here: without
 * attributes, which the sanitiser removes, they change nothing, and the editor keeps their content.)
 */
const NOT_IN_EDITOR = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'mark', 'small', 'sub', 'sup', 'abbr', 'ins'];

/** The tags of `html` the visual editor would drop (in order of first appearance), e.g. ['table', 'abbr']. */
export function unsupportedMarkup(html: string): string[] {
  if (!/<[a-z]/i.test(html)) return [];
  const found = new Set<string>();
  parseBody(html)
    .querySelectorAll(NOT_IN_EDITOR.join(','))
    .forEach((el) => found.add(el.tagName.toLowerCase()));
  return Array.from(found);
}
