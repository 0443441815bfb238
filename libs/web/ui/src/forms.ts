// @solvr/web-ui/forms: form controls, dialogs, tabs and the accordion, a shared module of its own so that the
// public content pages, which have none of them, do not load them. No state: a second copy would cost nothing.
export { Input, Textarea, Label, Field } from './form';
export type { InputProps, TextareaProps, FieldProps, FieldControlProps } from './form';
export { Dialog } from './dialog';
export type { DialogProps } from './dialog';
export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export { SearchableSelect, rankOptions } from './searchable-select';
export type { SearchableSelectProps, SelectOption } from './searchable-select';
export { Accordion } from './accordion';
export type { AccordionProps, AccordionItem } from './accordion';
export { Tabs } from './tabs';
export type { TabsProps, TabItem } from './tabs';
export { PasswordChecklist } from './password-checklist';
export { useDebounced } from './use-debounced';
export { useUnsavedChangesPrompt } from './use-unsaved-changes';
