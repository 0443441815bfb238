import { useEffect } from 'react';
import { apiBase, restoreSession, useAppDispatch, useAppStore } from '@solvr/web-data';
import { filesAdminApi, useUploadLimitsQuery } from './files-admin.api';
import type { UploadContext } from './upload-store';

/**
 * What the Upload tab's uploads need from the page: the api's address, the session's token (refreshed once on a
 * 401), the size limit, and the lists to refresh after a success. The store keeps it, so an upload carries on after
 * the tab is gone.
 */
export function useUploadContext(): UploadContext {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const { data: limits } = useUploadLimitsQuery();
  return {
    url: `${apiBase()}/admin/files`,
    token: () => store.getState().session.accessToken,
    refresh: async () => {
      await dispatch(restoreSession());
      return store.getState().session.accessToken;
    },
    maxBytes: limits?.max_bytes,
    uploaded: () => dispatch(filesAdminApi.util.invalidateTags(['AdminFiles', 'Files'])),
  };
}

/**
 * Dropping a file anywhere on the page outside a drop zone must not make the browser open it (and leave the console
 * with its uploads): such drops are refused.
 */
export function useFileDropGuard() {
  useEffect(() => {
    const carriesFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
    const outsideZone = (e: DragEvent) => !(e.target instanceof Element && e.target.closest('[data-upload-drop]'));
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (outsideZone(e) && e.dataTransfer) e.dataTransfer.dropEffect = 'none';
    };
    const drop = (e: DragEvent) => {
      if (carriesFiles(e)) e.preventDefault();
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
}
