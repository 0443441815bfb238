import { formatListDate, formatLongDate, formatTime } from './dates';
import { adminNewsPreview, htmlToText, imagesWithoutAlt, NEWS_TEXTS, newsExcerpt, validateNews } from './news';

describe('newsExcerpt (spec section 9: fallback 150 characters)', () => {
  it('is the excerpt when there is one', () => {
    expect(newsExcerpt({ excerpt: '  Short one.  ', content: '<p>Long</p>' })).toBe('Short one.');
  });

  it('else the content without markup, cut to 150 characters plus an ellipsis', () => {
    const words = 'word '.repeat(60);
    const out = newsExcerpt({ excerpt: '', content: `<h2>Title</h2><p>${words}</p>` });
    expect(out.endsWith('...')).toBe(true);
    expect(Array.from(out.slice(0, -3)).length).toBeLessThanOrEqual(150);
    expect(out.startsWith('Title word word')).toBe(true);
    expect(newsExcerpt({ excerpt: '', content: '<p>Fish &amp; chips&nbsp;<b>now</b></p>' })).toBe('Fish & chips now');
  });

  it('never splits a character made of two code units', () => {
    const out = newsExcerpt({ excerpt: '', content: '😀'.repeat(151) });
    expect(out).toBe('😀'.repeat(150) + '...');
  });
});

it('htmlToText drops scripts and tags and separates blocks', () => {
  expect(htmlToText('<p>a</p><p>b<br>c</p><script>x()</script>')).toBe('a b c');
});

it('adminNewsPreview is the first 200 characters of the HTML, with ... when longer', () => {
  expect(adminNewsPreview('<p>hi</p>')).toBe('<p>hi</p>');
  expect(adminNewsPreview('x'.repeat(201))).toBe('x'.repeat(200) + '...');
});

describe('validateNews (spec sections 5 and 9)', () => {
  it("needs title and content: 'Title and content are required'", () => {
    expect(validateNews({ title: '', content: 'x' }, 'Team')).toEqual({ ok: false, field: 'title', message: NEWS_TEXTS.required });
    expect(validateNews({ title: 'T', content: '<p></p>' }, 'Team')).toEqual({ ok: false, field: 'content', message: NEWS_TEXTS.required });
    expect(validateNews({ title: 'T', content: '<img src="https://x.example/a.png" alt="A chart">' }, 'Team').ok).toBe(true);
  });

  it('asks for alt text on every image; alt="" (or a bare alt) marks a decorative one', () => {
    const ok = (content: string) => validateNews({ title: 'T', content }, 'Team').ok;
    expect(validateNews({ title: 'T', content: '<p>x</p><img src="https://x.example/a.png">' }, 'Team')).toEqual({
      ok: false,
      field: 'content',
      message: NEWS_TEXTS.imageAltMissing(1),
    });
    expect(NEWS_TEXTS.imageAltMissing(2)).toMatch(/^2 images have no alt text/);
    expect(imagesWithoutAlt('<IMG SRC="a"><img data-alt="x" src="b"><img src="c" alt=""><img alt src="d"><img src="e" alt>')).toEqual([
      '<IMG SRC="a">',
      '<img data-alt="x" src="b">',
    ]);
    expect(ok('<img src="https://x.example/a.png" alt="">')).toBe(true);
    expect(ok('<p>no images</p>')).toBe(true);
  });

  it('defaults to published, not featured, by the team', () => {
    expect(validateNews({ title: ' T ', content: 'c' }, 'Solvr Team')).toEqual({
      ok: true,
      record: { title: 'T', content: 'c', excerpt: '', author: 'Solvr Team', is_featured: false, is_published: true },
    });
  });
});

describe('date formats (spec section 9)', () => {
  const at = '2025-08-05T15:07:00Z';
  it("lists read 'MMM d, yyyy'; public news 'MMMM d, yyyy' and 'h:mm a'", () => {
    expect(formatListDate(at, 'UTC')).toBe('Aug 5, 2025');
    expect(formatLongDate(at, 'UTC')).toBe('August 5, 2025');
    expect(formatTime(at, 'UTC')).toBe('3:07 PM');
    expect(formatTime('2025-08-05T00:05:00Z', 'UTC')).toBe('12:05 AM');
  });
});
