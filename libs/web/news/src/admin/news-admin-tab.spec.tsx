import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_BRAND, NEWS_TEXTS, UNSAVED_TEXTS, type NewsView } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeCall, type FakeReply } from '@solvr/web-accounts/testing';
import { newsFixture, newsListFixture } from '../testing/fixtures';
import { editorOf, stubEditorLayout } from './editor/testing';
import { NewsAdminTab } from './news-admin-tab';

beforeAll(stubEditorLayout);

/** The content editor of the open dialog (its chunk loads when the dialog opens). */
const contentEditor = (dialog: HTMLElement) => within(dialog).findByRole('textbox', { name: /^Content/ });

const launch = newsFixture({ id: 'n-1', title: 'Platform Launch', is_featured: true, content: '<p>We are <strong>live</strong>.</p>' });
const draft = newsFixture({
  id: 'n-2',
  slug: 'secret-plans',
  title: 'Secret Plans',
  is_published: false,
  content: `<p>${'x'.repeat(250)}</p>`,
  created_date: '2025-07-01T12:00:00.000Z',
});

/**
 * With fake timers, waitFor/findBy move the fake clock (by up to 1 s: the very delay under test). This waits for
 * `ready` without moving it: real event-loop turns for Node's fetch classes, and the timers that are due now.
 */
async function settle(ready: () => unknown) {
  const { setImmediate: realSetImmediate } = jest.requireActual<typeof import('timers')>('timers');
  for (let i = 0; i < 50 && !ready(); i++) {
    await act(async () => {
      await new Promise<void>((resolve) => realSetImmediate(resolve));
      // Timers due now (React's scheduled renders), never the ones the test is about.
      jest.advanceTimersByTime(0);
    });
  }
}

type Route = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function setup(posts: NewsView[] | Route = [launch, draft], routes: Record<string, Route> = {}) {
  server = fakeApi({ 'GET /admin/news': Array.isArray(posts) ? { status: 200, body: newsListFixture(posts, 1, 50) } : posts, ...routes });
  const view = renderWithStore(<NewsAdminTab />, { account: accountFixture({ role: 'admin' }) });
  const calls = (method: string, path?: string) => (server?.calls ?? []).filter((c) => c.method === method && (!path || c.path === path));
  const post = (title: string) => screen.getByRole('article', { name: title });
  return { ...view, calls, post };
}

describe('NewsAdminTab: the list', () => {
  it('shows 4 skeletons while loading, then every post with its badges, preview and controls', async () => {
    const held = heldReply({ status: 200, body: newsListFixture([launch, draft], 1, 50) });
    const view = setup(held.route);
    expect(screen.getByRole('heading', { level: 2, name: 'News Management' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add News' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('skeleton-card')).toHaveLength(4));
    held.release();

    await screen.findByRole('article', { name: 'Platform Launch' });
    expect(view.calls('GET', '/admin/news').map((c) => c.search)).toEqual(['?page=1&limit=50']);
    const live = view.post('Platform Launch');
    expect(within(live).getByText('Featured')).toBeTruthy();
    expect(within(live).getByText('Published', { selector: '.ui-badge' })).toBeTruthy();
    expect(within(live).getByText('live', { selector: 'strong' })).toBeTruthy();
    expect((within(live).getByRole('switch', { name: 'Published: Platform Launch' }) as HTMLInputElement).checked).toBe(true);
    expect(within(live).getByRole('button', { name: 'Edit "Platform Launch"' })).toBeTruthy();
    expect(within(live).getByRole('button', { name: 'Delete "Platform Launch"' })).toBeTruthy();

    const hidden = view.post('Secret Plans');
    expect(within(hidden).queryByText('Featured')).toBeNull();
    expect(within(hidden).getByText('Draft')).toBeTruthy();
    expect((within(hidden).getByRole('switch', { name: 'Published: Secret Plans' }) as HTMLInputElement).checked).toBe(false);
    // Spec section 2: the first 200 characters of the content, as HTML, then '...'.
    expect(hidden.querySelector('.nwa-post-preview')?.textContent).toBe('x'.repeat(197) + '...');
  });

  it("shows 'No news posts' when there are none", async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: 'No news posts' })).toBeTruthy();
    expect(screen.getByText('Create your first news post to get started')).toBeTruthy();
  });
});

describe('NewsAdminTab: Add News / Edit News', () => {
  it("refuses an empty title or content with 'Title and content are required'", async () => {
    const view = setup();
    await screen.findByRole('article', { name: 'Platform Launch' });
    await view.user.click(screen.getByRole('button', { name: 'Add News' }));
    const dialog = screen.getByRole('dialog', { name: 'Add News' });
    // Defaults (spec section 9): published, not featured, the team as the author's placeholder.
    expect((within(dialog).getByLabelText('Published') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Featured') as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByLabelText('Author').getAttribute('placeholder')).toBe(DEFAULT_BRAND.team);
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Title/));

    const content = await contentEditor(dialog);
    expect(content.getAttribute('aria-multiline')).toBe('true');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('Title and content are required');
    expect(document.activeElement).toBe(alert);
    expect(within(dialog).getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(content.getAttribute('aria-invalid')).toBe('true');

    // Content without any text counts as empty (blank paragraphs).
    await view.user.click(content);
    await view.user.keyboard(' {Enter}{Enter}');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(content.getAttribute('aria-invalid')).toBe('true');
    await view.user.type(within(dialog).getByLabelText(/^Title/), 'Only a title');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Title and content are required');
    expect(within(dialog).getByLabelText(/^Title/).getAttribute('aria-invalid')).toBeNull();
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(view.calls('POST')).toHaveLength(0);
  });

  it('asks for alt text on an image before saving, and names the rule in the content hint', async () => {
    const view = setup(undefined, { 'POST /admin/news': (call) => ({ status: 201, body: newsFixture({ id: 'n-3', ...(call.body as object) }) }) });
    await screen.findByRole('article', { name: 'Platform Launch' });
    await view.user.click(screen.getByRole('button', { name: 'Add News' }));
    const dialog = screen.getByRole('dialog', { name: 'Add News' });
    const content = await contentEditor(dialog);
    const description = () => content.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(description()).toMatch(/Give every image alt text/);
    await view.user.type(within(dialog).getByLabelText(/^Title/), 'Screens');
    // Pasted from another page: an image without alt.
    act(() => {
      editorOf(content).view.pasteHTML('<p>New look</p><img src="https://cdn.example/a.png">');
    });
    expect(description()).toMatch(/An image has no alt text: select it and press Image to describe it/);
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(NEWS_TEXTS.imageAltMissing(1));
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(view.calls('POST')).toHaveLength(0);

    // Selected, the image's Image button describes it.
    const editor = editorOf(content);
    let imageAt = -1;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image') imageAt = pos;
    });
    act(() => {
      editor.commands.setNodeSelection(imageAt);
    });
    await view.user.click(within(dialog).getByRole('button', { name: 'Image' }));
    const imageDialog = screen.getByRole('dialog', { name: 'Image' });
    expect((within(imageDialog).getByLabelText(/^Image address/) as HTMLInputElement).value).toBe('https://cdn.example/a.png');
    await view.user.type(within(imageDialog).getByLabelText(/^Alt text/), 'The new look');
    await view.user.click(within(imageDialog).getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog', { name: 'Image' })).toBeNull();
    expect(description()).not.toMatch(/no alt text/);
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls('POST')).toHaveLength(1));
    expect((view.calls('POST')[0].body as { content: string }).content).toBe('<p>New look</p><p><img src="https://cdn.example/a.png" alt="The new look"></p>');
  });

  it("creates a post: 'News created successfully!', then 1 s later the dialog closes and the list refreshes", async () => {
    const created = newsFixture({ id: 'n-3', title: 'Fresh', content: '<p>Hello <em>there</em></p>' });
    const view = setup(undefined, { 'POST /admin/news': { status: 201, body: created } });
    await screen.findByRole('article', { name: 'Platform Launch' });
    await view.user.click(screen.getByRole('button', { name: 'Add News' }));
    const dialog = screen.getByRole('dialog', { name: 'Add News' });
    await view.user.type(within(dialog).getByLabelText(/^Title/), 'Fresh');
    // Typed, with Ctrl+I for the italic.
    await view.user.click(await contentEditor(dialog));
    await view.user.keyboard('Hello {Control>}i{/Control}there');
    // The live preview: the content's HTML, in a sandboxed frame (nothing typed runs in the page).
    const preview = within(dialog).getByTitle('Preview of the content');
    expect(preview.getAttribute('sandbox')).toBe('');
    await waitFor(() => expect(preview.getAttribute('srcdoc')).toContain('<body><p>Hello <em>there</em></p></body>'));

    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle(() => within(dialog).queryByText('News created successfully!'));
    expect(within(dialog).getByText('News created successfully!')).toBeTruthy();
    expect(view.calls('POST', '/admin/news').map((c) => c.body)).toEqual([
      { title: 'Fresh', content: '<p>Hello <em>there</em></p>', excerpt: '', author: DEFAULT_BRAND.team, is_featured: false, is_published: true },
    ]);
    // The list is not refreshed yet, and the dialog stays until 1 s has passed.
    expect(view.calls('GET', '/admin/news')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(900));
    expect(screen.getByRole('dialog', { name: 'Add News' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(view.calls('GET', '/admin/news')).toHaveLength(2));
    // The focus goes back to the button that opened the dialog.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add News' }));
  });

  it("edits a post with PUT and says 'News updated successfully!'", async () => {
    const view = setup(undefined, { 'PUT /admin/news/n-1': (call) => ({ status: 200, body: { ...launch, ...(call.body as object) } }) });
    await screen.findByRole('article', { name: 'Platform Launch' });
    await view.user.click(screen.getByRole('button', { name: 'Edit "Platform Launch"' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit News' });
    const title = within(dialog).getByLabelText(/^Title/) as HTMLInputElement;
    expect(title.value).toBe('Platform Launch');
    // The post's HTML, in the editor.
    const content = await contentEditor(dialog);
    expect(within(content).getByText('live', { selector: 'strong' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Featured') as HTMLInputElement).checked).toBe(true);
    await view.user.clear(title);
    await view.user.type(title, 'Platform Launch, updated');
    await view.user.click(within(dialog).getByLabelText('Published'));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('News updated successfully!')).toBeTruthy();
    expect(view.calls('PUT', '/admin/news/n-1').map((c) => c.body)).toEqual([
      { title: 'Platform Launch, updated', content: launch.content, excerpt: launch.excerpt, author: launch.author, is_featured: true, is_published: false },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
    expect(view.calls('GET', '/admin/news')).toHaveLength(2);
  });

  it("shows 'Failed to save news. Please try again.' with the server's message, and keeps the dialog open", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup(undefined, {
      'POST /admin/news': { status: 400, body: { message: 'Title can be at most 200 characters.', errors: { title: 'Title can be at most 200 characters.' } } },
    });
    await screen.findByRole('article', { name: 'Platform Launch' });
    await view.user.click(screen.getByRole('button', { name: 'Add News' }));
    const dialog = screen.getByRole('dialog', { name: 'Add News' });
    await view.user.type(within(dialog).getByLabelText(/^Title/), 'Fresh');
    await view.user.type(await contentEditor(dialog), 'Hello');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to save news. Please try again.');
    expect(alert.textContent).toContain('Title can be at most 200 characters.');
    expect(within(dialog).getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(error).toHaveBeenCalledWith('Could not save the news post', expect.anything());
    expect(within(dialog).queryByText('News created successfully!')).toBeNull();
    // Still open, and Save works again.
    expect(within(dialog).getByRole('button', { name: 'Save' }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('NewsAdminTab: unsaved changes', () => {
  const asks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

  it("Escape on a typed post asks 'Discard unsaved changes?': Keep editing keeps the text, Discard closes", async () => {
    const view = setup();
    await screen.findByRole('article', { name: 'Platform Launch' });
    await view.user.click(screen.getByRole('button', { name: 'Add News' }));
    const dialog = screen.getByRole('dialog', { name: 'Add News' });
    await view.user.type(within(dialog).getByLabelText(/^Title/), 'Half a post');
    expect(asks()).toBe(true);

    await view.user.keyboard('{Escape}');
    let confirm = screen.getByRole('dialog', { name: UNSAVED_TEXTS.discardTitle });
    expect(within(confirm).getByText(UNSAVED_TEXTS.discardBody)).toBeTruthy();
    await view.user.click(within(confirm).getByRole('button', { name: UNSAVED_TEXTS.keepEditing }));
    expect(screen.queryByRole('dialog', { name: UNSAVED_TEXTS.discardTitle })).toBeNull();
    expect((within(screen.getByRole('dialog', { name: 'Add News' })).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Half a post');

    // Escape in the question keeps the post too; Cancel and × ask as well.
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: UNSAVED_TEXTS.discardTitle })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add News' })).toBeTruthy();
    await view.user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    confirm = screen.getByRole('dialog', { name: UNSAVED_TEXTS.discardTitle });
    await view.user.click(within(confirm).getByRole('button', { name: UNSAVED_TEXTS.discard }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asks()).toBe(false);
    expect(view.calls('POST')).toHaveLength(0);
  });

  it('closes at once when nothing was changed (or the change was undone)', async () => {
    const view = setup();
    await screen.findByRole('article', { name: 'Platform Launch' });
    await view.user.click(screen.getByRole('button', { name: 'Edit "Platform Launch"' }));
    expect(asks()).toBe(false);
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await view.user.click(screen.getByRole('button', { name: 'Edit "Platform Launch"' }));
    const featured = within(screen.getByRole('dialog', { name: 'Edit News' })).getByLabelText('Featured');
    await view.user.click(featured);
    await view.user.click(featured);
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('NewsAdminTab: the content editor keeps posts as they are', () => {
  const asks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
  // Stored HTML the editor itself would write differently (<b>, a line break in the text, an image outside a
  // paragraph): opened, it must not count as changed, and saved untouched it goes back as it was.
  const handWritten = newsFixture({ id: 'n-4', slug: 'hand', title: 'Hand written', content: '<p>Old <b>bold</b>\n text</p><img src="https://cdn.example/a.png" alt="A" />' });

  it('typing in the editor, then undoing it, is no change; typing is, and Escape in the editor asks', async () => {
    const view = setup([handWritten]);
    await screen.findByRole('article', { name: 'Hand written' });
    await view.user.click(screen.getByRole('button', { name: 'Edit "Hand written"' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit News' });
    const content = await contentEditor(dialog);
    expect(asks()).toBe(false);
    await view.user.click(content);
    await view.user.keyboard('More: ');
    expect(asks()).toBe(true);
    await view.user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(asks()).toBe(false);
    await view.user.click(content);
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await view.user.click(screen.getByRole('button', { name: 'Edit "Hand written"' }));
    dialog = screen.getByRole('dialog', { name: 'Edit News' });
    await view.user.click(await contentEditor(dialog));
    await view.user.keyboard('x');
    await view.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: UNSAVED_TEXTS.discardTitle })).toBeTruthy();
  });

  it('saves an untouched post with its HTML exactly as stored', async () => {
    const view = setup([handWritten], { 'PUT /admin/news/n-4': (call) => ({ status: 200, body: { ...handWritten, ...(call.body as object) } }) });
    await screen.findByRole('article', { name: 'Hand written' });
    await view.user.click(screen.getByRole('button', { name: 'Edit "Hand written"' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit News' });
    const content = await contentEditor(dialog);
    expect(within(content).getByText('bold', { selector: 'strong' })).toBeTruthy();
    await view.user.type(within(dialog).getByLabelText(/^Title/), '!');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls('PUT')).toHaveLength(1));
    expect((view.calls('PUT')[0].body as { content: string }).content).toBe(handWritten.content);
  });

  it('opens a post with markup the editor cannot keep (a table) as HTML, and saves the HTML as typed', async () => {
    const table = newsFixture({ id: 'n-5', slug: 'table', title: 'Prices', content: '<p>Prices:</p><table><tr><td>Pro</td><td>$9</td></tr></table>' });
    const view = setup([table], { 'PUT /admin/news/n-5': (call) => ({ status: 200, body: { ...table, ...(call.body as object) } }) });
    await screen.findByRole('article', { name: 'Prices' });
    await view.user.click(screen.getByRole('button', { name: 'Edit "Prices"' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit News' });
    const html = (await within(dialog).findByRole('textbox', { name: 'Content (HTML)' })) as HTMLTextAreaElement;
    expect(html.value).toBe(table.content);
    const notice = document.getElementById(html.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
    expect(notice?.textContent).toMatch(/cannot keep \(<table>, <tbody>, <tr>, <td>\)/);
    const toggle = within(dialog).getByRole('button', { name: 'Edit as HTML' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Bold' }).getAttribute('aria-disabled')).toBe('true');
    expect(asks()).toBe(false);

    await view.user.type(html, '<p>More</p>');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls('PUT')).toHaveLength(1));
    expect((view.calls('PUT')[0].body as { content: string }).content).toBe(`${table.content}<p>More</p>`);
  });
});

describe('NewsAdminTab: publish toggle and delete', () => {
  it('toggles is_published with PATCH and refreshes the list', async () => {
    let published = true;
    const view = setup(() => ({ status: 200, body: newsListFixture([{ ...launch, is_published: published }, draft], 1, 50) }), {
      'PATCH /admin/news/n-1': (call) => {
        published = (call.body as { is_published: boolean }).is_published;
        return { status: 200, body: { ...launch, is_published: published } };
      },
    });
    await screen.findByRole('article', { name: 'Platform Launch' });
    const toggle = screen.getByRole('switch', { name: 'Published: Platform Launch' }) as HTMLInputElement;
    await view.user.click(toggle);
    expect(view.calls('PATCH', '/admin/news/n-1').map((c) => c.body)).toEqual([{ is_published: false }]);
    await waitFor(() => expect(view.calls('GET', '/admin/news')).toHaveLength(2));
    await waitFor(() => expect(within(view.post('Platform Launch')).getByText('Draft')).toBeTruthy());
    expect(toggle.checked).toBe(false);
  });

  it('logs a failed toggle and puts the switch back', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup(undefined, { 'PATCH /admin/news/n-2': { status: 500, body: { message: 'boom' } } });
    await screen.findByRole('article', { name: 'Secret Plans' });
    const toggle = screen.getByRole('switch', { name: 'Published: Secret Plans' }) as HTMLInputElement;
    await view.user.click(toggle);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not change the news post', expect.anything()));
    expect(view.calls('PATCH', '/admin/news/n-2').map((c) => c.body)).toEqual([{ is_published: true }]);
    expect(toggle.checked).toBe(false);
    expect(within(view.post('Secret Plans')).getByText('Draft')).toBeTruthy();
  });

  it("asks 'Are you sure?' before deleting, and deletes on Delete", async () => {
    let posts = [launch, draft];
    const view = setup(() => ({ status: 200, body: newsListFixture(posts, 1, 50) }), {
      'DELETE /admin/news/n-1': () => {
        posts = [draft];
        return { status: 204 };
      },
    });
    await screen.findByRole('article', { name: 'Platform Launch' });
    await view.user.click(screen.getByRole('button', { name: 'Delete "Platform Launch"' }));
    let confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('This will permanently delete "Platform Launch". This action cannot be undone.')).toBeTruthy();
    await view.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.calls('DELETE')).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Delete "Platform Launch"' }));
    confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    await view.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Platform Launch' })).toBeNull());
    expect(view.calls('DELETE').map((c) => c.path)).toEqual(['/admin/news/n-1']);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add News' })));
  });
});
