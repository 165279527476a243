import { TemplateErrorCode, templateMessages } from '@mocksmith/core';
import { AppError } from '../../lib/errors.ts';

/** 404: no API has this id (or it was deleted). */
export const templateNotFound = () =>
  new AppError(404, TemplateErrorCode.TEMPLATE_NOT_FOUND, templateMessages.notFound);

/** 403: the API, list or history is another user's. */
export const notYours = () =>
  new AppError(403, TemplateErrorCode.FORBIDDEN, templateMessages.forbidden);

/** 409: the user has an API of this method at this custom endpoint already. */
export const endpointTaken = () =>
  new AppError(409, TemplateErrorCode.CUSTOM_ENDPOINT_TAKEN, templateMessages.endpointTaken);
