import { useId } from 'react';
import { PLATFORM_LABELS, PLATFORMS, PORTAL_TEXTS, type Platform } from '@solvr/contracts';

export interface PlatformSwitcherProps {
  value: Platform;
  onChange(platform: Platform): void;
}

/** Windows / macOS / Linux as a radio group (arrow keys move between them), drawn as a segmented control. */
export function PlatformSwitcher({ value, onChange }: PlatformSwitcherProps) {
  const name = useId();
  return (
    <fieldset className="fl-switcher">
      <legend className="fl-switcher-legend">{PORTAL_TEXTS.productDownload.platform}</legend>
      <div className="fl-switcher-options">
        {PLATFORMS.map((p) => (
          <label key={p} className="fl-switcher-option">
            <input type="radio" name={name} value={p} checked={p === value} onChange={() => onChange(p)} />
            <span>{PLATFORM_LABELS[p]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
