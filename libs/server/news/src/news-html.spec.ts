import { parseDocument } from 'htmlparser2';
import { sanitizeNewsHtml, VIDEO_HOSTS } from './news-html';
import { XSS_CORPUS } from '../testing/xss-corpus';

interface Node {
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}
type Element = Required<Node>;

function elements(nodes: Node[]): Element[] {
  return nodes.flatMap((n) => [...(n.attribs ? [n as Element] : []), ...elements(n.children ?? [])]);
}

/** The scheme a browser would use for a URL attribute (WHATWG URL parsing, relative to an https page). */
function schemeOf(value: string): string {
  try {
    return new URL(value, 'https://site.example/page').protocol;
  } catch {
    return 'invalid:';
  }
}

/** What a browser could run from the output: script-capable tags, handlers, styles, and non-http(s) URLs. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const el of elements(parseDocument(html).children as Node[])) {
    if (['script', 'style', 'form', 'input', 'button', 'object', 'embed', 'base', 'meta', 'link', 'svg', 'math', 'frame', 'frameset', 'textarea', 'template'].includes(el.name)) found.push(`<${el.name}>`);
    for (const [name, value] of Object.entries(el.attribs)) {
      if (/^on/i.test(name) || name === 'style' || name === 'srcdoc' || name === 'formaction' || name.includes(':')) found.push(`${el.name}[${name}]`);
      if (['href', 'src', 'action', 'background', 'data', 'poster'].includes(name) && !['https:', 'http:', 'mailto:'].includes(schemeOf(value))) found.push(`${el.name}[${name}=${value}]`);
      if (/expression\s*\(/i.test(value)) found.push(`${el.name}[${name}=${value}]`);
    }
    if (el.name === 'iframe' && el.attribs.src !== undefined && !VIDEO_HOSTS.some((h) => el.attribs.src.startsWith(`https://${h}/`))) found.push(`iframe ${el.attribs.src}`);
  }
  return found;
}

describe('sanitizeNewsHtml', () => {
  it(`leaves nothing runnable in any of ${XSS_CORPUS.length} XSS payloads`, () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(100);
    const failures = XSS_CORPUS.map((payload) => ({ payload, out: sanitizeNewsHtml(payload) })).filter(({ out }) => dangers(out).length > 0);
    expect(failures).toEqual([]);
  });

  it('finds the dangers it looks for (the check itself can fail)', () => {
    expect(dangers('<img src=x onerror=alert(1)><a href="javascript:x">a</a><iframe src="https://evil.example/"></iframe>')).toEqual([
      'img[onerror]',
      'a[href=javascript:x]',
      'iframe https://evil.example/',
    ]);
  });

  it('keeps formatting, links, images and the Proof video embed', () => {
    const html =
      '<h2>Launch</h2><p>We are <strong>live</strong> with <em>new</em> <a href="https://solvr.app/docs">docs</a>.</p>' +
      '<ul><li>one</li></ul><img src="https://cdn.example/shot.png" alt="Screenshot">' +
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Demo" allowfullscreen></iframe>';
    const out = sanitizeNewsHtml(html);
    expect(out).toContain('<h2>Launch</h2>');
    expect(out).toContain('<strong>live</strong>');
    expect(out).toContain('<a href="https://solvr.app/docs" rel="noopener noreferrer nofollow">docs</a>');
    expect(out).toContain('<img src="https://cdn.example/shot.png" alt="Screenshot" />');
    expect(out).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Demo" allowfullscreen></iframe>');
  });

  it('drops the script but keeps the text around it; a new-tab link cannot reach back', () => {
    expect(sanitizeNewsHtml('<p>Hi<script>alert(1)</script> there</p>')).toBe('<p>Hi there</p>');
    expect(sanitizeNewsHtml('<a href="https://x.example/" target="_blank">x</a>')).toBe('<a href="https://x.example/" target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });
});
