import { useState, type DragEvent } from 'react';
import { ADMIN_UPLOAD_TEXTS as T } from '@solvr/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, cn } from '@solvr/web-ui';
import { Field, useUnsavedChangesPrompt } from '@solvr/web-ui/forms';
import { UploadItemCard } from './upload-item';
import { isEditable, isRunning, UPLOAD_PICKER_ID, uploadStore, useUploads } from './upload-store';
import { useFileDropGuard, useUploadContext } from './use-upload';

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/**
 * The admin console's Upload tab ('Upload New File'): a drop zone (with the native picker in it, for keyboard users)
 * that turns each file into an item with its own details, Upload button, progress and Cancel. The uploads live in
 * uploadStore, so they go on (shown in the tray) while another tab is open.
 */
export function UploadTab() {
  const items = useUploads();
  const context = useUploadContext();
  // Stable, beta and any channel an admin added (the built-in two until the list arrives).
  const [dragging, setDragging] = useState(false);
  const [added, setAdded] = useState('');
  useFileDropGuard();
  // Closing or reloading the page asks first while an upload runs or a file waits to be sent.
  useUnsavedChangesPrompt(items.some((i) => i.status === 'draft' || isRunning(i.status)));

  const addFiles = (files: FileList | null) => {
    const ids = uploadStore.add(Array.from(files ?? []));
    if (ids.length) setAdded(T.added(ids.length));
  };
  const ready = items.filter((i) => isEditable(i.status));

  return (
    <Card className="fa-upload">
      <CardHeader>
        <CardTitle as="h2">{T.title}</CardTitle>
      </CardHeader>
      <CardContent className="fa-upload-body">
        <div
          data-upload-drop
          role="group"
          aria-labelledby="upload-drop-title"
          aria-describedby="upload-drop-hint"
          className={cn('fa-drop', dragging && 'is-dragging')}
          onDragEnter={(e) => {
            if (carriesFiles(e)) setDragging(true);
          }}
          onDragOver={(e) => {
            if (!carriesFiles(e)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            addFiles(e.dataTransfer.files);
          }}
        >
          <p id="upload-drop-title" className="fa-drop-title">
            {dragging ? T.dropActive : T.dropTitle}
          </p>
          <p id="upload-drop-hint" className="fa-muted">
            {T.dropHint}
          </p>
          <Field label={T.file} htmlFor={UPLOAD_PICKER_ID}>
            <input
              id={UPLOAD_PICKER_ID}
              type="file"
              multiple
              className="ui-input fa-file-input"
              onChange={(e) => {
                addFiles(e.target.files);
                // The same file can be chosen again (a second item).
                e.target.value = '';
              }}
            />
          </Field>
        </div>
        <p role="status" className="ui-sr-only">
          {added}
        </p>
        {items.length > 0 && (
          <ul className="fa-items" aria-label={T.items}>
            {items.map((item) => (
              <UploadItemCard key={item.id} item={item} context={context} />
            ))}
          </ul>
        )}
        {ready.length > 1 && (
          <div className="fa-actions">
            <Button onClick={() => ready.forEach((i) => uploadStore.start(i.id, context))}>{T.uploadAll(ready.length)}</Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
