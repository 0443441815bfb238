import {
  Children,
  cloneElement,
  forwardRef,
  Fragment,
  isValidElement,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Sets aria-invalid and the error style. */
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { invalid, className, type = 'text', 'aria-invalid': ariaInvalid, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      type={type}
      aria-invalid={invalid || ariaInvalid || undefined}
      className={cn('ui-input', className)}
      {...props}
    />
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Sets aria-invalid and the error style. */
  invalid?: boolean;
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { invalid, className, 'aria-invalid': ariaInvalid, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      aria-invalid={invalid || ariaInvalid || undefined}
      className={cn('ui-input ui-textarea', className)}
      {...props}
    />
  );
});

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('ui-label', className)} {...props} />;
}

/** What Field gives its control: the hint and error ids, and the invalid and required flags. */
export interface FieldControlProps {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  label: string;
  /** The id of the control (passed to the label's htmlFor). */
  htmlFor: string;
  hint?: string;
  error?: string;
  required?: boolean;
  className?: string;
  /**
   * The control. A function receives the control's aria props to put on the input itself, for a control inside
   * a wrapper (e.g. a dial-code picker and a phone input): the flags belong on the input, not on the wrapper.
   */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}

type DescribableProps = {
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  required?: boolean;
  'aria-invalid'?: boolean | 'true' | 'false';
  invalid?: boolean;
};

/**
 * Label + control + hint + error. When the child is a single element (or a function, see `children`) it gets `aria-describedby`
 * (hint/error ids: `${htmlFor}-hint`, `${htmlFor}-error`), `aria-invalid` while there is an error and
 * `aria-required` when `required` (unless the child sets these itself).
 */
export function Field({ label, htmlFor, hint, error, required, className, children }: FieldProps) {
  const hintId = hint ? `${htmlFor}-hint` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  let control: ReactNode;
  if (typeof children === 'function') {
    control = children({
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': true as const } : {}),
      ...(required ? { 'aria-required': true as const } : {}),
    });
  } else if (Children.count(children) === 1 && isValidElement(children) && children.type !== Fragment) {
    const child = children as ReactElement<DescribableProps>;
    const extra: DescribableProps = {};
    if (describedBy) {
      extra['aria-describedby'] = [child.props['aria-describedby'], describedBy].filter(Boolean).join(' ');
    }
    if (error && child.props.invalid === undefined && child.props['aria-invalid'] === undefined) {
      extra['aria-invalid'] = true;
    }
    if (required && !child.props.required && child.props['aria-required'] === undefined) {
      extra['aria-required'] = true;
    }
    control = cloneElement(child, extra);
  } else {
    control = children;
  }

  return (
    <div className={cn('ui-field', error && 'ui-field-invalid', className)}>
      <Label htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="ui-label-required" aria-hidden="true">
            {' '}*
          </span>
        )}
      </Label>
      {control}
      {hint && (
        <p id={hintId} className="ui-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="ui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
