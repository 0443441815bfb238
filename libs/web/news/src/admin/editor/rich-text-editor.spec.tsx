import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import RichTextEditor from './rich-text-editor';
import { editorOf, stubEditorLayout } from './testing';

beforeAll(stubEditorLayout);
// Typing a whole post key by key through ProseMirror takes a few seconds in jsdom.
jest.setTimeout(30_000);

function setup(initialHtml = '') {
  const onChange = jest.fn<void, [string]>();
  const view = render(
    <div>
      <span id="label">Content</span>
      <p id="hint">Write the post.</p>
      <RichTextEditor id="content" initialHtml={initialHtml} labelId="label" describedBy="hint" required onChange={onChange} />
    </div>,
  );
  const user = userEvent.setup();
  const box = screen.getByRole('textbox', { name: 'Content' });
  const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
  const button = (name: string) => within(toolbar).getByRole('button', { name });
  const html = () => onChange.mock.calls.at(-1)?.[0];
  return { ...view, user, box, toolbar, button, html, onChange };
}

describe('RichTextEditor: what assistive technology is told', () => {
  it('is a labelled, described, required multi-line text box', () => {
    const { box } = setup();
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('hint');
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(box.id).toBe('content');
  });

  it('has a toolbar of named buttons: toggles say whether they are on, dialog buttons say so, each names its shortcut', () => {
    const { toolbar } = setup();
    expect(toolbar.getAttribute('aria-controls')).toBe('content');
    const buttons = within(toolbar).getAllByRole('button');
    // Named by a hidden text; the icon or glyph is hidden from assistive technology.
    expect(buttons.every((b) => Array.from(b.children).every((c) => c.classList.contains('ui-sr-only') || c.getAttribute('aria-hidden') === 'true'))).toBe(true);
    expect(buttons.map((b) => b.querySelector('.ui-sr-only')?.textContent)).toEqual([
      'Paragraph',
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Inline code',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Code block',
      'Link',
      'Image',
      'Video',
      'Undo',
      'Redo',
      'Edit as HTML',
    ]);
    const pressed = (name: string) => within(toolbar).getByRole('button', { name }).getAttribute('aria-pressed');
    expect(['Paragraph', 'Heading 2', 'Bold', 'Italic', 'Bulleted list', 'Link', 'Edit as HTML'].map(pressed)).toEqual(['true', 'false', 'false', 'false', 'false', 'false', 'false']);
    expect(within(toolbar).getByRole('button', { name: 'Undo' }).getAttribute('aria-pressed')).toBeNull();
    expect(within(toolbar).getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled')).toBe('true');
    expect(['Link', 'Image', 'Video'].map((name) => within(toolbar).getByRole('button', { name }).getAttribute('aria-haspopup'))).toEqual(['dialog', 'dialog', 'dialog']);
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-keyshortcuts')).toBe('Control+B');
    expect(bold.getAttribute('title')).toBe('Bold (Ctrl+B)');
  });

  it('is one tab stop: the arrow keys, Home and End move along it; Tab goes on to the text; Alt+F10 comes back', async () => {
    const { user, box, button } = setup();
    const tabbable = () => screen.getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(tabbable()).toEqual([button('Paragraph')]);
    await user.tab();
    expect(document.activeElement).toBe(button('Paragraph'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(button('Heading 3'));
    expect(tabbable()).toEqual([button('Heading 3')]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(button('Edit as HTML'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(button('Paragraph'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(button('Edit as HTML'));
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(button('Bold'));
    await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(document.activeElement).toBe(button('Bold'));
  });

  it('has no serious or critical axe violations', async () => {
    const { container, user, box } = setup('<h2>Title</h2><p>Text with a <a href="https://x.example/">link</a> and <img src="https://x.example/a.png" alt="A"></p>');
    await user.click(box);
    // Colours need a browser (jsdom lays nothing out): the Playwright spec checks them, at 1366 and 390 px.
    const result = await axe.run(container, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  });
});

describe('RichTextEditor: toolbar and shortcuts', () => {
  it('formats with the toolbar buttons, which show the state at the cursor', async () => {
    const { user, box, button, html } = setup();
    await user.click(box);
    await user.click(button('Heading 2'));
    expect(button('Heading 2').getAttribute('aria-pressed')).toBe('true');
    expect(button('Paragraph').getAttribute('aria-pressed')).toBe('false');
    await user.keyboard('Release{Enter}Now ');
    await user.click(button('Bold'));
    expect(button('Bold').getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('faster');
    await user.click(button('Bold'));
    await user.keyboard(' and ');
    await user.click(button('Italic'));
    await user.keyboard('calmer');
    await user.click(button('Italic'));
    await user.keyboard('{Enter}');
    await user.click(button('Bulleted list'));
    expect(button('Bulleted list').getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('One{Enter}Two{Enter}{Enter}');
    await user.click(button('Numbered list'));
    await user.keyboard('First{Enter}{Enter}');
    await user.click(button('Quote'));
    expect(button('Quote').getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('Said{Enter}');
    await user.click(button('Quote'));
    expect(button('Quote').getAttribute('aria-pressed')).toBe('false');
    await user.keyboard('Run ');
    await user.click(button('Inline code'));
    await user.keyboard('solvr');
    await user.click(button('Inline code'));
    await user.keyboard('{Enter}');
    await user.click(button('Code block'));
    await user.keyboard('a < b');
    expect(html()).toBe(
      '<h2>Release</h2><p>Now <strong>faster</strong> and <em>calmer</em></p><ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol><blockquote><p>Said</p></blockquote><p>Run <code>solvr</code></p><pre><code>a &lt; b</code></pre>',
    );
    await user.click(button('Undo'));
    expect(button('Redo').getAttribute('aria-disabled')).toBeNull();
  });

  it('formats with the keyboard: Ctrl+Alt+2, Ctrl+B, Ctrl+I, Ctrl+Shift+8, Ctrl+Shift+7, Ctrl+E', async () => {
    const { user, box, html, button } = setup();
    await user.click(box);
    await user.keyboard('{Control>}{Alt>}2{/Alt}{/Control}Title{Enter}');
    await user.keyboard('{Control>}b{/Control}Bold{Control>}b{/Control} {Control>}i{/Control}it{Control>}i{/Control} {Control>}e{/Control}code{Control>}e{/Control}{Enter}');
    await user.keyboard('{Control>}{Shift>}8{/Shift}{/Control}a{Enter}{Enter}{Control>}{Shift>}7{/Shift}{/Control}b');
    expect(button('Numbered list').getAttribute('aria-pressed')).toBe('true');
    expect(html()).toBe('<h2>Title</h2><p><strong>Bold</strong> <em>it</em> <code>code</code></p><ul><li>a</li></ul><ol><li>b</li></ol>');
  });
});

describe('RichTextEditor: links, images and videos', () => {
  it('adds a link with Ctrl+K (text and address), refuses a javascript: one, and removes it again', async () => {
    const { user, box, html, button } = setup();
    await user.click(box);
    await user.keyboard('See ');
    await user.keyboard('{Control>}k{/Control}');
    let dialog = screen.getByRole('dialog', { name: 'Link' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Address/));
    await user.type(within(dialog).getByLabelText(/^Address/), 'javascript:alert(1)');
    await user.type(within(dialog).getByLabelText(/^Text/), 'the guide');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText(/Enter an address that starts with https:\/\//)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Address/).getAttribute('aria-invalid')).toBe('true');
    await user.clear(within(dialog).getByLabelText(/^Address/));
    // Without its scheme, a web address is an https one.
    await user.type(within(dialog).getByLabelText(/^Address/), 'solvr.example/guide');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(screen.queryByRole('dialog', { name: 'Link' })).toBeNull();
    expect(document.activeElement).toBe(box);
    expect(html()).toBe('<p>See <a href="https://solvr.example/guide">the guide</a></p>');

    // In the link: the button is on, and the dialog edits or removes it.
    act(() => {
      editorOf(box).commands.setTextSelection(8);
    });
    expect(button('Link').getAttribute('aria-pressed')).toBe('true');
    await user.click(button('Link'));
    dialog = screen.getByRole('dialog', { name: 'Link' });
    expect((within(dialog).getByLabelText(/^Address/) as HTMLInputElement).value).toBe('https://solvr.example/guide');
    expect(within(dialog).queryByLabelText(/^Text/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    expect(html()).toBe('<p>See the guide</p>');
  });

  it('turns selected text into a link', async () => {
    const { user, box, html } = setup('<p>Read the news</p>');
    act(() => {
      editorOf(box).commands.setTextSelection({ from: 10, to: 14 });
    });
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = screen.getByRole('dialog', { name: 'Link' });
    expect(within(dialog).queryByLabelText(/^Text/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Address/), '/NewsPage{Enter}');
    expect(html()).toBe('<p>Read the <a href="/NewsPage">news</a></p>');
  });

  it('inserts an image only with alt text, or marked as decoration', async () => {
    const { user, box, html } = setup();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const dialog = screen.getByRole('dialog', { name: 'Image' });
    await user.type(within(dialog).getByLabelText(/^Image address/), 'https://cdn.example/dash.png');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText('Describe the image, or mark it as decoration.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Alt text/).getAttribute('aria-invalid')).toBe('true');
    await user.type(within(dialog).getByLabelText(/^Alt text/), 'The new dashboard');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(html()).toBe('<p><img src="https://cdn.example/dash.png" alt="The new dashboard"></p>');

    // After the first image. (jsdom, unlike a browser, may move the text's selection when the focus comes back.)
    act(() => {
      editorOf(box).commands.setTextSelection(editorOf(box).state.doc.content.size - 1);
    });
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const second = screen.getByRole('dialog', { name: 'Image' });
    await user.type(within(second).getByLabelText(/^Image address/), 'data:image/png;base64,AAAA');
    await user.click(within(second).getByLabelText(/Decoration only/));
    expect((within(second).getByLabelText(/^Alt text/) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(second).getByRole('button', { name: 'Insert' }));
    expect(within(second).getByText('Enter the image address, starting with https://.')).toBeTruthy();
    await user.clear(within(second).getByLabelText(/^Image address/));
    await user.type(within(second).getByLabelText(/^Image address/), 'https://cdn.example/line.png');
    await user.click(within(second).getByRole('button', { name: 'Insert' }));
    expect(html()).toBe('<p><img src="https://cdn.example/dash.png" alt="The new dashboard"><img src="https://cdn.example/line.png" alt=""></p>');
  });

  it('embeds a video from the allowed hosts only (a YouTube page becomes its youtube-nocookie.com embed)', async () => {
    const { user, box, html } = setup();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Video' }));
    const dialog = screen.getByRole('dialog', { name: 'Video' });
    await user.type(within(dialog).getByLabelText(/^Video address/), 'https://evil.example/embed/x');
    await user.type(within(dialog).getByLabelText(/^Video title/), 'Demo');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText(/only videos from youtube-nocookie.com, youtube.com and player.vimeo.com/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Video address/));
    await user.type(within(dialog).getByLabelText(/^Video address/), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(html()).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Demo" width="560" height="315" allow="fullscreen; picture-in-picture" allowfullscreen=""></iframe>',
    );
    // In the editor, a card names it (no player loads while writing).
    expect(within(box).getByText('▶ Demo')).toBeTruthy();
    expect(box.querySelector('iframe')).toBeNull();
  });
});

describe('RichTextEditor: HTML and pasting', () => {
  it('switches to the HTML and back', async () => {
    const { user, box, html, button } = setup('<p>Hello</p>');
    await user.click(button('Edit as HTML'));
    const source = screen.getByRole('textbox', { name: 'Content (HTML)' }) as HTMLTextAreaElement;
    expect(source.value).toBe('<p>Hello</p>');
    expect(button('Edit as HTML').getAttribute('aria-pressed')).toBe('true');
    expect(button('Bold').getAttribute('aria-disabled')).toBe('true');
    expect(box.closest('[hidden]')).not.toBeNull();
    await user.clear(source);
    await user.type(source, '<h2>Hi</h2><p>there</p>');
    expect(html()).toBe('<h2>Hi</h2><p>there</p>');
    await user.click(button('Edit as HTML'));
    expect(screen.queryByRole('textbox', { name: 'Content (HTML)' })).toBeNull();
    expect(within(box).getByText('Hi', { selector: 'h2' })).toBeTruthy();
  });

  it("cleans what is pasted from Word: its lists become lists, its styles and Office tags go", () => {
    const { box, html } = setup();
    act(() => {
      editorOf(box).view.pasteHTML(
        "<p class=MsoNormal style='color:red'><b>Notes</b><o:p></o:p></p>" +
          "<p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>·<span>&nbsp;</span></span>One<o:p></o:p></p>" +
          "<p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>·<span>&nbsp;</span></span>Two<o:p></o:p></p>",
      );
    });
    expect(html()).toBe('<p><strong>Notes</strong></p><ul><li>One</li><li>Two</li></ul>');
  });
});
