import { XSS_CORPUS } from '@solvr/server-news/testing';
import { releaseNotesHtml } from './release-notes';

describe('releaseNotesHtml', () => {
  it('renders the Markdown release notes are written in', () => {
    expect(releaseNotesHtml('## Fixed\n\n- **Faster** start\n- `code` and [docs](https://example.com/docs)\n\nLine one\nline two')).toBe(
      '<h2>Fixed</h2>\n<ul>\n<li><strong>Faster</strong> start</li>\n<li><code>code</code> and <a href="https://example.com/docs" rel="noopener noreferrer nofollow">docs</a></li>\n</ul>\n<p>Line one<br />\nline two</p>',
    );
    expect(releaseNotesHtml('   ')).toBe('');
  });

  it('shows raw HTML as text and keeps no script, handler, style, image, frame or javascript: link', () => {
    for (const payload of [...XSS_CORPUS, '[x](javascript:alert(1))', '![i](https://example.com/a.png)', '<iframe src="https://www.youtube.com/embed/x">']) {
      const out = releaseNotesHtml(payload);
      expect([payload, /<(script|img|iframe|svg|style|object|embed)\b|<[^>]*\son\w+\s*=|<[^>]*\b(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):/i.test(out)]).toEqual([payload, false]);
    }
  });
});
