import { PLATFORM_ENTITIES } from '@solvr/contracts';

/** The reference's sections, in the order it lists them; each route names its own (ApiDoc on its handler). */
export const API_TAGS = ['Accounts', 'Files', 'Admin: releases', 'Admin: files', 'Payments', 'News', 'Admin: news', 'Mail', 'Admin: mail', 'Admin: users', 'Site', 'Platform'];

/** Descriptions of the path parameters that mean the same on every route. */
export const PATH_PARAMS: Record<string, string> = {
  appId: 'The APP_ID of this server (default portal); any other answers 404',
  entity: `One of ${PLATFORM_ENTITIES.join(', ')}`,
};
