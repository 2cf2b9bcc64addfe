import { type FormErrors, toFormErrors } from '@matnat/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorMessages } from '../messages.js';

export type { FormErrors };

/** An error answer with a status and the JSON body `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FormErrors,
    readonly headers?: Record<string, string>,
    /** Further fields of the answer body, e.g. `retry_after`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () => new HttpError(401, errorMessages.unauthenticated);
export const forbidden = (message: string = errorMessages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = errorMessages.notFound) => new HttpError(404, message);
export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, undefined, undefined, extra);
export const csrfMismatch = () => new HttpError(419, errorMessages.csrfMismatch);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    errorMessages.throttled,
    undefined,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    { retry_after: Math.max(1, Math.ceil(retryAfterSeconds)) },
  );

/** 422 with form errors, as a form shows them: field name → messages. */
export const unprocessable = (errors: FormErrors, message?: string) =>
  new HttpError(422, message ?? Object.values(errors)[0]?.[0] ?? errorMessages.validation, errors);

/** Thrown by the zod validator of a route: the status depends on the part of the request that failed. */
export class RequestValidationError extends HttpError {
  constructor(part: string, error: z.ZodError) {
    // A malformed id in the path names no resource: 404, not a form error.
    super(part === 'params' ? 404 : 422, '', toFormErrors(error));
    this.message =
      part === 'params' ? errorMessages.notFound : (Object.values(this.errors ?? {})[0]?.[0] ?? '');
  }
}

function send(reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  const body: { message: string; errors?: FormErrors } = { message: error.message, ...error.extra };
  if (error.errors && error.statusCode !== 404) body.errors = error.errors;
  return reply.code(error.statusCode).send(body);
}

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: errorMessages.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: errorMessages.mediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: errorMessages.badJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: errorMessages.badJson,
};

/** Every failure becomes a JSON answer; only faults of the server are 500 (and logged as errors). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return send(reply, error);
    if (error instanceof z.ZodError) {
      return send(reply, new HttpError(422, errorMessages.validation, toFormErrors(error)));
    }
    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? '';
      const message = clientErrorMessages[code] ?? (status === 400 ? errorMessages.badJson : error.message);
      return send(reply, new HttpError(status, message));
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, new HttpError(500, errorMessages.serverError));
  });
}
