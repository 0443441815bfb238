import { Editor } from '@tiptap/core';
import { isNewsImageSrc, isNewsLinkHref, isNewsVideoSrc, NEWS_VIDEO_HOSTS, newsVideoEmbedUrl } from '@solvr/contracts';
import { newsEditorExtensions } from './extensions';
import { cleanPastedHtml, tidyEditorHtml, unsupportedMarkup } from './news-html-tools';
import { editorHtml } from './rich-text-editor';

/**
 * The api's sanitiser, the one that writes every post (libs/server/news/src/news-html.ts). A web feature may not
 * import a server one (lint: module boundaries); this spec loads the file itself, to hold the editor to the very
 * rules the api applies, and to catch the day they part.
 */
const server = jest.requireActual<{ sanitizeNewsHtml(html: string): string; VIDEO_HOSTS: string[] }>('../../../../../server/news/src/news-html');
const { SEEDED_NEWS } = jest.requireActual<{ SEEDED_NEWS: ReadonlyArray<{ slug: string; content: string }> }>('../../../../../server/news/src/migrations/1763700000021-news-seed');
const sanitize = server.sanitizeNewsHtml;

/** Opens HTML in the editor (as the News dialog does) and reads back what a save would send. */
function throughEditor(html: string): string {
  const editor = new Editor({ extensions: newsEditorExtensions({ onLink: () => undefined, onToolbar: () => undefined }), content: html });
  try {
    return editorHtml(editor);
  } finally {
    editor.destroy();
  }
}

/** What the api stores when the post is saved from the editor, and what it stores from the post as it was. */
const storedAfterEditor = (html: string) => sanitize(throughEditor(html));

describe('existing posts read back unchanged', () => {
  it.each(SEEDED_NEWS.map((p) => [p.slug, p.content]))('the seeded post %s', (_slug, content) => {
    const stored = sanitize(content);
    expect(throughEditor(stored)).toBe(stored);
    expect(storedAfterEditor(stored)).toBe(stored);
  });

  // Posts as the former HTML box let admins write them, once stored (i.e. sanitised).
  const written = [
    '<h2>What is new</h2><p>The <strong>Windows</strong> installer is <em>out</em>.</p>',
    '<p>Read the <a href="https://solvr.example/guide" title="Guide">guide</a> or <a href="/NewsPage">the news</a>, or <a href="mailto:team@solvr.example">write</a>.</p>',
    '<p><a href="https://solvr.example/" target="_blank">new tab</a></p>',
    '<ul><li>One</li><li>Two<ul><li>Two and a half</li></ul></li></ul><ol><li>First</li><li>Second</li></ol>',
    '<ol start="3"><li>Third</li></ol>',
    '<p>Screens: <img src="https://cdn.solvr.example/a.png" alt="The new dashboard" width="640" height="360" /> and <img src="https://cdn.solvr.example/b.png" alt="" /></p>',
    '<p>Run <code>solvr --help</code>:</p><pre><code>solvr start\n  --port 3000</code></pre>',
    '<blockquote><p>It just works.</p></blockquote>',
    '<p>Line one<br />line two</p><hr /><h3>Small print</h3>',
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Demo" width="560" height="315" allowfullscreen></iframe>',
    '<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo demo"></iframe>',
    '<p>Fish &amp; chips &lt;3 "quoted" it\'s\u00a0here</p>',
    '<p><u>under</u> <s>struck</s></p>',
    '<h1>One</h1><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
  ];
  it.each(written)('%s', (html) => {
    const stored = sanitize(html);
    // What saving the post as it is stores (the old form sent it untouched): the sanitiser's output again, which for
    // a link with target="_blank" writes rel before target.
    expect(storedAfterEditor(stored)).toBe(sanitize(stored));
  });
});

/**
 * What the editor writes differently from some stored HTML, and why no reader sees it. (A post opened and saved
 * without an edit still sends its stored HTML as it was: the dialog keeps it until the text is edited, see
 * news-form-dialog.spec.tsx. These apply once the admin edits such a post.)
 */
describe('normalisation, documented', () => {
  const cases: [string, string, string][] = [
    ['text outside any block is put in a paragraph', 'Hello', '<p>Hello</p>'],
    ['an image outside a paragraph is put in one', '<img src="https://x.example/a.png" alt="A" />', '<p><img src="https://x.example/a.png" alt="A" /></p>'],
    ['<b> and <i> are written <strong> and <em>', '<p><b>b</b> <i>i</i></p>', '<p><strong>b</strong> <em>i</em></p>'],
    ['<strike> and <del> are written <s>', '<p><strike>a</strike> <del>b</del></p>', '<p><s>a</s> <s>b</s></p>'],
    ['runs of spaces and line breaks in text are one space (as the browser shows them)', '<p>a\n   b</p>\n<p>c</p>', '<p>a b</p><p>c</p>'],
    ['a <pre> without <code> gets one', '<pre>x  y</pre>', '<pre><code>x  y</code></pre>'],
    ['text directly in a quote is put in a paragraph', '<blockquote>q</blockquote>', '<blockquote><p>q</p></blockquote>'],
    ['a list item of several paragraphs keeps them; one paragraph alone is unwrapped', '<ul><li><p>a</p></li><li><p>b</p><p>c</p></li></ul>', '<ul><li>a</li><li><p>b</p><p>c</p></li></ul>'],
    ['<div> and <span> (the sanitiser leaves them no attributes) go, their content stays', '<div>a</div><p><span>b</span></p>', '<p>a</p><p>b</p>'],
    ['start="1" is the default', '<ol start="1"><li>a</li></ol>', '<ol><li>a</li></ol>'],
    ['an anchor without an address is text', '<p><a>x</a></p>', '<p>x</p>'],
    ['an empty editor is no content (validateNews refuses both)', '<p></p>', ''],
    ['attributes are written in the order href, title, target, rel (src, alt, title, width, height)', '<p><img alt="A" src="https://x.example/a.png" /></p>', '<p><img src="https://x.example/a.png" alt="A" /></p>'],
  ];
  it.each(cases)('%s', (_why, html, expected) => {
    expect(storedAfterEditor(sanitize(html))).toBe(expected);
  });

  it('names the markup it has no place for, and writes nothing else differently', () => {
    expect(unsupportedMarkup('<p>a</p><table><tr><td>1</td></tr></table><p><abbr title="x">X</abbr> <sub>2</sub></p>')).toEqual(['table', 'tbody', 'tr', 'td', 'abbr', 'sub']);
    expect(unsupportedMarkup('<h2>a</h2><ul><li><a href="/x">b</a></li></ul><div><span>c</span></div>')).toEqual([]);
    expect(unsupportedMarkup('plain text')).toEqual([]);
  });
});

describe('the rules the editor shares with the api', () => {
  it('allows videos from the hosts the sanitiser keeps, and from no other', () => {
    expect([...NEWS_VIDEO_HOSTS]).toEqual(server.VIDEO_HOSTS);
    const srcs = [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/1',
      'http://www.youtube.com/embed/x',
      'https://youtube.com/embed/x',
      'https://evil.example/embed/x',
      'https://www.youtube.com.evil.example/x',
      '//www.youtube.com/embed/x',
      'javascript:alert(1)',
    ];
    for (const src of srcs) {
      const kept = sanitize(`<iframe src="${src}" title="v"></iframe>`).includes(`src="${src}"`);
      expect([src, isNewsVideoSrc(src)]).toEqual([src, kept]);
      // And the editor keeps exactly those.
      expect([src, throughEditor(`<iframe src="${src}" title="v"></iframe>`).includes('<iframe')]).toEqual([src, kept]);
    }
  });

  it('turns a video page into its embed on an allowed host', () => {
    expect(newsVideoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(newsVideoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(newsVideoEmbedUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(newsVideoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(newsVideoEmbedUrl('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(newsVideoEmbedUrl('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(newsVideoEmbedUrl('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(newsVideoEmbedUrl('not a url')).toBeNull();
  });

  it('keeps the link and image addresses the sanitiser keeps', () => {
    const hrefs = ['https://a.example/x', 'http://a.example', 'mailto:a@b.example', '/NewsPage', '#part', 'page.html', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'ftp://a.example', '//evil.example/x', 'vbscript:x'];
    for (const href of hrefs) {
      const kept = sanitize(`<a href="${href}">x</a>`).includes('href=');
      expect([href, isNewsLinkHref(href)]).toEqual([href, kept]);
      expect([href, throughEditor(`<p><a href="${href}">x</a></p>`).includes('href=')]).toEqual([href, kept]);
    }
    const srcs = ['https://a.example/a.png', 'http://a.example/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'file:///C:/a.png'];
    for (const src of srcs) {
      const kept = sanitize(`<img src="${src}" alt="a">`).includes('src=');
      expect([src, isNewsImageSrc(src)]).toEqual([src, kept]);
    }
  });
});

describe('pasting from Word and Google Docs', () => {
  const paste = (html: string) => sanitize(throughEditor(cleanPastedHtml(html)));

  it("turns Word's list paragraphs into lists and drops its extras", () => {
    const word = [
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><style>p.MsoNormal{margin:0}</style></head><body>',
      '<!--StartFragment-->',
      "<h2 style='mso-outline-level:2'>Release notes<o:p></o:p></h2>",
      "<p class=MsoNormal><b><span style='font-family:Calibri'>Faster</span></b><span style='font-family:Calibri'> start-up.<o:p></o:p></span></p>",
      "<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;</span></span><![endif]>One<o:p></o:p></p>",
      "<p class=MsoListParagraphCxSpMiddle style='mso-list:l0 level2 lfo1'><span style='mso-list:Ignore'>o<span>&nbsp;</span></span>One and a half<o:p></o:p></p>",
      "<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>·<span>&nbsp;</span></span>Two<o:p></o:p></p>",
      "<p class=MsoListParagraph style='mso-list:l1 level1 lfo2'><span style='mso-list:Ignore'>1.<span>&nbsp;</span></span>First<o:p></o:p></p>",
      "<p class=MsoNormal><a href=\"https://solvr.example/\">Site</a> <img src=\"file:///C:/Users/a/image001.png\"></p>",
      '<!--EndFragment--></body></html>',
    ].join('');
    expect(paste(word)).toBe(
      '<h2>Release notes</h2><p><strong>Faster</strong> start-up.</p><ul><li>One<ul><li>One and a half</li></ul></li><li>Two</li></ul><ol><li>First</li></ol><p><a href="https://solvr.example/" rel="noopener noreferrer nofollow">Site</a></p>',
    );
  });

  it("keeps Google Docs' headings, bold, italic, lists and links, not its styles or wrapper", () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234"><h2 dir="ltr" style="line-height:1.38"><span style="font-size:16pt;font-weight:400">Plans</span></h2>' +
      '<p dir="ltr"><span style="font-weight:700">Bold</span><span style="font-weight:400"> and </span><span style="font-style:italic">italic</span><span> with a </span><a href="https://docs.example/" style="text-decoration:none"><span style="color:#1155cc">link</span></a></p>' +
      '<ul><li dir="ltr" style="list-style-type:disc"><p dir="ltr" role="presentation"><span>Item</span></p></li></ul>' +
      '<p><img src="https://lh7-us.googleusercontent.com/a.png" width="200" height="100"></p></b>';
    expect(paste(docs)).toBe(
      '<h2>Plans</h2><p><strong>Bold</strong> and <em>italic</em> with a <a href="https://docs.example/" rel="noopener noreferrer nofollow">link</a></p><ul><li>Item</li></ul><p><img src="https://lh7-us.googleusercontent.com/a.png" width="200" height="100" /></p>',
    );
  });

  it('never lets a script, a handler or another host through', () => {
    const pasted = '<p onclick="x()">a<script>alert(1)</script></p><iframe src="https://evil.example/x"></iframe><a href="javascript:alert(1)">b</a><img src="https://x.example/a.png" onerror="alert(1)" alt="c">';
    expect(paste(pasted)).toBe('<p>a</p><p>b<img src="https://x.example/a.png" alt="c" /></p>');
  });

  it('tidies only a lone paragraph in a list item', () => {
    expect(tidyEditorHtml('<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul>')).toBe('<ul><li>a<ul><li>b</li></ul></li></ul>');
    expect(tidyEditorHtml('<p>no list</p>')).toBe('<p>no list</p>');
  });
});
