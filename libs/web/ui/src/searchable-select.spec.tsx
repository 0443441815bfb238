import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rankOptions, SearchableSelect, type SelectOption } from './searchable-select';
import { Dialog } from './dialog';

const OPTIONS: SelectOption[] = [
  { value: 'ca', label: 'Canada', hint: '+1', icon: '🇨🇦' },
  { value: 'de', label: 'Germany', hint: '+49', icon: '🇩🇪' },
  { value: 'fr', label: 'France', hint: '+33', icon: '🇫🇷' },
  { value: 'gb', label: 'United Kingdom', hint: '+44', icon: '🇬🇧' },
  { value: 'us', label: 'United States', hint: '+1', icon: '🇺🇸' },
];

function Harness({ options = OPTIONS, onChange }: { options?: SelectOption[]; onChange?: (v: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <SearchableSelect
        id="country"
        aria-label="Country"
        placeholder="Select a country"
        options={options}
        value={value}
        onChange={(v) => {
          onChange?.(v);
          setValue(v);
        }}
      />
      <button>Outside</button>
    </>
  );
}

const labels = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('SearchableSelect', () => {
  it('shows the placeholder, opens with a focused search box and all options', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('combobox', { name: 'Country' });
    expect(trigger.textContent).toContain('Select a country');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByPlaceholderText('Search...'));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });

  it('filters case-insensitively on label and hint, and shows the empty text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.keyboard('UNITED');
    expect(labels()).toEqual(['🇬🇧United Kingdom+44', '🇺🇸United States+1']);
    await user.clear(screen.getByPlaceholderText('Search...'));
    await user.keyboard('+4');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('id') && o.textContent)).toHaveLength(2);
    await user.keyboard('zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results found.')).toBeTruthy();
  });

  it('selects with ArrowDown + Enter and shows the choice on the trigger', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Country' });
    await user.click(trigger);
    await user.keyboard('united');
    const input = screen.getByPlaceholderText('Search...');
    const first = screen.getAllByRole('option')[0];
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('{ArrowDown}');
    const second = screen.getAllByRole('option')[1];
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    await user.keyboard('{ArrowDown}'); // stays on the last one
    await user.keyboard('{ArrowUp}{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('us');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('United States');
    expect(document.activeElement).toBe(trigger);

    // Reopening marks the selected option.
    await user.click(trigger);
    const selected = screen.getByRole('option', { selected: true });
    expect(selected.textContent).toContain('United States');
  });

  it('selects with a click', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.keyboard('fr');
    await user.click(screen.getByRole('option', { name: /France/ }));
    expect(onChange).toHaveBeenCalledWith('fr');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Country' }).textContent).toContain('France');
  });

  it('closes on Escape and on a click outside', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Country' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Escape inside a Dialog closes only the select', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Pick">
        <SearchableSelect aria-label="Country" options={OPTIONS} value={null} onChange={() => undefined} />
      </Dialog>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('handles ~250 options', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 250 }, (_, i) => ({ value: `v${i}`, label: `Option ${i}`, hint: `h${i}` }));
    const onChange = jest.fn();
    render(<Harness options={many} onChange={onChange} />);
    const started = Date.now();
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    expect(screen.getAllByRole('option')).toHaveLength(250);
    await user.keyboard('option 24');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(11); // 24, 240..249
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('v240');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('disabled: does not open', async () => {
    const user = userEvent.setup();
    render(<SearchableSelect aria-label="Country" options={OPTIONS} value="de" onChange={() => undefined} disabled invalid />);
    const trigger = screen.getByRole('combobox', { name: 'Country' });
    expect(trigger.textContent).toContain('Germany');
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    await user.click(trigger);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('ranks matches: exact, then prefix, then word start, then inside a word (the given order within each)', async () => {
    const countries: SelectOption[] = [
      { value: 'as', label: 'American Samoa', hint: '+1684' },
      { value: 'ao', label: 'Angola', hint: '+244' },
      { value: 'ca', label: 'Canada', hint: '+1' },
      { value: 'gg', label: 'Guernsey', hint: '+441481' },
      { value: 'ky', label: 'Cayman Islands', hint: '+1345' },
      { value: 'gb', label: 'United Kingdom', hint: '+44' },
      { value: 'va', label: 'Vatican City State (Holy See)', hint: '+379' },
      { value: 'af', label: 'Central African Republic', hint: '+236' },
      { value: 'gq', label: 'Equatorial Guinea', hint: '+240' },
      { value: 'gw', label: 'Guinea-Bissau', hint: '+245' },
      { value: 'gn', label: 'Guinea', hint: '+224' },
    ];
    const values = (q: string) => rankOptions(countries, q).map((o) => o.value);
    expect(values('can')).toEqual(['ca', 'as', 'va', 'af']);
    expect(values('guinea')).toEqual(['gn', 'gw', 'gq']);
    expect(values('44')).toEqual(['gb', 'gg', 'ao']);
    expect(values('+44')).toEqual(['gb', 'gg']);
    expect(values('  ')).toEqual(countries.map((c) => c.value));

    const user = userEvent.setup();
    render(<Harness options={countries} />);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.keyboard('can');
    expect(labels()).toEqual(['Canada+1', 'American Samoa+1684', 'Vatican City State (Holy See)+379', 'Central African Republic+236']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Country' }).textContent).toContain('Canada');
  });

  it('shows valueLabel on the closed select (the full label stays readable to screen readers)', async () => {
    const user = userEvent.setup();
    render(<Harness options={OPTIONS.map((o) => ({ ...o, valueLabel: o.hint }))} />);
    const trigger = screen.getByRole('combobox', { name: 'Country' });
    await user.click(trigger);
    await user.keyboard('germ{Enter}');
    expect(trigger.querySelector('.ui-select-value-label')?.textContent).toBe('+49');
    expect(trigger.textContent).toContain('Germany');
    expect(trigger.querySelector('[title]')?.getAttribute('title')).toBe('Germany');
  });
});
