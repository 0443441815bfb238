import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MIGRATION_GUIDE_BLOCKS, PORTAL_TEXTS } from '@solvr/contracts';
import { resetToasts, Toaster } from '@solvr/web-ui';
import { renderWithStore } from '@solvr/web-accounts/testing';
import MigrationGuide from '../pages/MigrationGuide';
import { GUIDE_BLOCKS } from './blocks.generated';

const T = PORTAL_TEXTS.migrationGuide;

afterEach(() => {
  resetToasts();
  jest.restoreAllMocks();
});

describe('Migration Guide (spec section 2)', () => {
  it('shows the spec’s seven blocks in its order and the SDK block, each code block with its source and a copy button', () => {
    renderWithStore(<MigrationGuide />);
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(MIGRATION_GUIDE_BLOCKS.map((id) => T.blocks[id]));
    const files = GUIDE_BLOCKS.flatMap((b) => b.files);
    expect(screen.getAllByRole('button', { name: /^Copy / })).toHaveLength(files.length);
    const env = screen.getByRole('region', { name: T.codeLabel('Environment settings') });
    expect(env.textContent).toContain('DATABASE_URL');
    expect(env.tabIndex).toBe(0);
    expect(screen.getByText(T.source('deploy/nginx/gateway.conf.template'))).toBeTruthy();
  });

  it("copies a block's exact code and says 'Copied to clipboard!' in a toast", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <>
        <MigrationGuide />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy Deploy command' }));
    const deploy = GUIDE_BLOCKS.find((b) => b.id === 'deploy')?.files[0].code;
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(deploy);
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect((await toasts.findByText('Copied to clipboard!')).textContent).toBe('Copied to clipboard!');
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithStore(
      <>
        <MigrationGuide />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy SQL schema' }));
    expect(await screen.findByText(PORTAL_TEXTS.files.copyFailed)).toBeTruthy();
  });
});
