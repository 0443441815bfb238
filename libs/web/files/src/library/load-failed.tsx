import { Alert, Button } from '@solvr/web-ui';

export interface LoadFailedProps {
  text: string;
  retryLabel: string;
  onRetry(): void;
}

/** A list that could not be loaded: what went wrong, and a button that asks again. */
export function LoadFailed({ text, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <Alert variant="error">
      <p className="fl-alert-text">{text}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
