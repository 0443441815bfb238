// @solvr/web-ui: what every page uses (buttons, cards, badges, alerts, loading states, layout, toasts). Forms,
// dialogs, tabs and the accordion are @solvr/web-ui/forms, fetched only by pages that have them.
export { cn } from './cn';
export type { ClassValue } from './cn';
export { Button } from './button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './button';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './card';
export type { CardTitleProps } from './card';
export { Badge } from './badge';
export type { BadgeProps, BadgeVariant } from './badge';
export { Alert, ErrorSummary } from './alert';
export type { AlertProps, AlertVariant, ErrorSummaryProps } from './alert';
export { Spinner } from './spinner';
export type { SpinnerProps } from './spinner';
export { Skeleton, SkeletonCard } from './skeleton';
export type { SkeletonProps, SkeletonCardProps } from './skeleton';
export { toast, useToast, TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_DURATION, resetToasts } from './toast';
export type { ToastOptions, ToastVariant, ToasterToast, ToastHandle, UseToastResult } from './toast';
export { Toaster } from './toaster';
export { PageContainer, EmptyState, Stat } from './layout';
export type { PageContainerProps, EmptyStateProps, StatProps } from './layout';
