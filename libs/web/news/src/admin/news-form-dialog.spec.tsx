import { screen, within } from '@testing-library/react';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { newsFixture } from '../testing/fixtures';
import { NewsFormDialog } from './news-form-dialog';

// The editor's chunk does not arrive (a deploy replaced it, the network dropped it).
jest.mock('./editor/rich-text-editor', () => {
  throw new Error('ChunkLoadError: Loading chunk 737 failed.');
});

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

it('edits the HTML in a text box, and says why, when the editor cannot be loaded', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const post = newsFixture({ id: 'n-1', content: '<p>Old</p>' });
  server = fakeApi({ 'PUT /admin/news/n-1': (call) => ({ status: 200, body: { ...post, ...(call.body as object) } }) });
  const view = renderWithStore(<NewsFormDialog post={post} onClose={() => undefined} />, { account: accountFixture({ role: 'admin' }) });
  const dialog = screen.getByRole('dialog', { name: 'Edit News' });
  const html = (await within(dialog).findByRole('textbox', { name: /^Content/ })) as HTMLTextAreaElement;
  expect(html.tagName).toBe('TEXTAREA');
  expect(html.value).toBe('<p>Old</p>');
  expect(within(dialog).getByText('The editor could not be loaded. Reload the page to try again.')).toBeTruthy();
  expect(error).toHaveBeenCalledWith('Could not load the news editor', expect.anything());
  await view.user.type(html, '<p>New</p>');
  await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('News updated successfully!')).toBeTruthy();
  expect((server.calls.find((c) => c.method === 'PUT')?.body as { content: string }).content).toBe('<p>Old</p><p>New</p>');
});
