import { render } from '@testing-library/react';
import { useUnsavedChangesPrompt } from './use-unsaved-changes';

function Draft({ unsaved }: { unsaved: boolean }) {
  useUnsavedChangesPrompt(unsaved);
  return null;
}

/** Whether leaving the page now would ask first. */
const asks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('useUnsavedChangesPrompt', () => {
  it('asks before the page closes only while there is unsaved work', () => {
    const view = render(<Draft unsaved={false} />);
    expect(asks()).toBe(false);
    view.rerender(<Draft unsaved />);
    expect(asks()).toBe(true);
    view.rerender(<Draft unsaved={false} />);
    expect(asks()).toBe(false);
    view.rerender(<Draft unsaved />);
    view.unmount();
    expect(asks()).toBe(false);
  });
});
