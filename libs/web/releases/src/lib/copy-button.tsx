import { useEffect, useRef, useState } from 'react';
import { PORTAL_TEXTS } from '@solvr/contracts';
import { Button } from '@solvr/web-ui';

const F = PORTAL_TEXTS.files;

export interface CopyButtonProps {
  value: string;
  /** Names what is copied for screen readers (e.g. 'Copy SHA-256'); the button reads 'Copy'. */
  'aria-label'?: string;
}

/** Copies a value to the clipboard and says so in a polite live region next to it. */
export function CopyButton({ value, 'aria-label': ariaLabel }: CopyButtonProps) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let text: string = F.copied;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      text = F.copyFailed;
    }
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(''), 4000);
  };

  return (
    <span className="fl-copy">
      <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={ariaLabel}>
        {F.copy}
      </Button>
      <span role="status" className="fl-copy-status">
        {message}
      </span>
    </span>
  );
}
