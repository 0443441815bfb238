import type { AdminFileView, DownloadLink, FileUpdate, UploadLimits, UserPick } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/** The admin console's Files and Upload endpoints. The upload itself goes through XMLHttpRequest for its progress. */
export const filesAdminApi = api.enhanceEndpoints({ addTagTypes: ['Files', 'AdminFiles'] }).injectEndpoints({
  endpoints: (build) => ({
    adminFiles: build.query<AdminFileView[], void>({ query: () => '/admin/files', providesTags: ['AdminFiles'] }),
    uploadLimits: build.query<UploadLimits, void>({ query: () => '/admin/files/limits' }),
    updateFile: build.mutation<AdminFileView, { id: string } & FileUpdate>({
      query: ({ id, ...body }) => ({ url: `/admin/files/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['AdminFiles', 'Files'],
    }),
    deleteFile: build.mutation<void, string>({
      query: (id) => ({ url: `/admin/files/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminFiles', 'Files'],
    }),
    /** "View": a signed link, not counted as a download. */
    fileLink: build.mutation<DownloadLink, string>({ query: (id) => ({ url: `/admin/files/${encodeURIComponent(id)}/url` }) }),
    /** Users matching q (e-mail or name), for the specific_users picker. */
    pickUsers: build.query<UserPick[], string>({ query: (q) => ({ url: '/admin/users/pick', params: { q } }) }),
  }),
});

export const { useAdminFilesQuery, useUploadLimitsQuery, useUpdateFileMutation, useDeleteFileMutation, useFileLinkMutation, usePickUsersQuery } =
  filesAdminApi;
