import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

const TABS = [
  { id: 'users', label: 'Users' },
  { id: 'news', label: 'News' },
  { id: 'files', label: 'Files' },
];

function Harness({ onChange }: { onChange: (id: string) => void }) {
  const [value, setValue] = useState('users');
  return (
    <Tabs
      tabs={TABS}
      value={value}
      onChange={(id) => {
        onChange(id);
        setValue(id);
      }}
      aria-label="Admin sections"
    >
      <p>Panel for {value}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('renders tablist/tab/tabpanel with the active tab selected', () => {
    render(<Harness onChange={() => undefined} />);
    expect(screen.getByRole('tablist', { name: 'Admin sections' })).toBeTruthy();
    const users = screen.getByRole('tab', { name: 'Users' });
    expect(users.getAttribute('aria-selected')).toBe('true');
    expect(users.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'News' }).tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: 'Users' });
    expect(panel.textContent).toBe('Panel for users');
    expect(users.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('arrow keys, Home and End move focus and call onChange', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('news');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'News' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel for news');

    await user.keyboard('{ArrowRight}{ArrowRight}'); // wraps to the first
    expect(onChange).toHaveBeenLastCalledWith('users');

    await user.keyboard('{ArrowLeft}'); // wraps to the last
    expect(onChange).toHaveBeenLastCalledWith('files');

    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith('users');
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith('files');
    expect(screen.getByRole('tab', { name: 'Files' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a click selects a tab', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('tab', { name: 'Files' }));
    expect(onChange).toHaveBeenCalledWith('files');
  });
});

describe('Tabs with a panel per tab', () => {
  function Console({ keep }: { keep?: string[] }) {
    const [value, setValue] = useState('users');
    return (
      <Tabs
        tabs={TABS}
        value={value}
        onChange={setValue}
        aria-label="Admin sections"
        keepMounted={keep}
        renderPanel={(id) => (
          <label>
            Draft for {id}
            <input />
          </label>
        )}
      />
    );
  }

  it('keeps a kept panel mounted and hidden while another tab is open, so what was typed stays', async () => {
    const user = userEvent.setup();
    render(<Console keep={['users']} />);
    await user.type(screen.getByLabelText('Draft for users'), 'half a message');
    await user.click(screen.getByRole('tab', { name: 'News' }));
    expect(screen.getByRole('tabpanel', { name: 'News' })).toBeTruthy();
    // Hidden: out of the accessibility tree and of the tab order, but still there.
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    const users = screen.getByLabelText('Draft for users') as HTMLInputElement;
    expect(users.closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-controls')).toBe(users.closest('[role="tabpanel"]')?.id);

    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect((screen.getByLabelText('Draft for users') as HTMLInputElement).value).toBe('half a message');
  });

  it('mounts the other panels only while shown', async () => {
    const user = userEvent.setup();
    render(<Console keep={['users']} />);
    await user.click(screen.getByRole('tab', { name: 'News' }));
    await user.type(screen.getByLabelText('Draft for news'), 'gone');
    await user.click(screen.getByRole('tab', { name: 'Files' }));
    expect(screen.queryByLabelText('Draft for news')).toBeNull();
    expect(screen.getByRole('tab', { name: 'News' }).getAttribute('aria-controls')).toBeNull();
  });
});

describe('Tabs that do not fit', () => {
  /** Lays the list out as a browser would: `width` px shown of tabs 100 px wide each. */
  function layout(width: number) {
    const list = screen.getByRole('tablist');
    Object.defineProperty(list, 'clientWidth', { configurable: true, value: width });
    Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 100 * TABS.length });
    screen.getAllByRole('tab').forEach((tab, i) => {
      Object.defineProperty(tab, 'offsetLeft', { configurable: true, value: 100 * i });
      Object.defineProperty(tab, 'offsetWidth', { configurable: true, value: 100 });
    });
    return list;
  }

  it('fades the edge that hides tabs, and scrolls the active tab into sight however it was chosen', async () => {
    function Outside() {
      const [value, setValue] = useState('users');
      return (
        <>
          <button type="button" onClick={() => setValue('files')}>
            Open Files
          </button>
          <Tabs tabs={TABS} value={value} onChange={setValue} aria-label="Admin sections" />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Outside />);
    const list = layout(150);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(list.className).toContain('has-hidden-end');
    expect(list.className).not.toContain('has-hidden-start');

    // Chosen by a button elsewhere: the list scrolls to show it, and the fade moves to the start.
    await user.click(screen.getByRole('button', { name: 'Open Files' }));
    expect(list.scrollLeft).toBe(150);
    act(() => {
      list.dispatchEvent(new Event('scroll'));
    });
    expect(list.className).toContain('has-hidden-start');
    expect(list.className).not.toContain('has-hidden-end');

    // Everything fits: no fade.
    layout(300);
    list.scrollLeft = 0;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(list.className).not.toMatch(/has-hidden/);
  });
});
