import { useState } from 'react';
import { render, screen } from '@testing-library/react';
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
