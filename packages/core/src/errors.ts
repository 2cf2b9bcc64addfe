/** Field name → messages, as the API's 422 answers carry them. */
export type ValidationErrors = Record<string, string[]>;

function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A response outside 200–299. `body` is the parsed JSON body, or its text when it was not JSON. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly method: string,
    readonly url: string,
  ) {
    super(messageOf(body) ?? `${method} ${url} failed with ${status}`);
  }
}

/** 401: no session, or an expired/revoked embed token. */
export class UnauthenticatedError extends HttpError {
  override name = 'UnauthenticatedError';
}

/** 403: authenticated but not allowed (e.g. a non-admin asking for unassigned devices). */
export class ForbiddenError extends HttpError {
  override name = 'ForbiddenError';
}

/** 404. */
export class NotFoundError extends HttpError {
  override name = 'NotFoundError';
}

/** 419: the anti-forgery token did not match, even after one refresh. */
export class CsrfMismatchError extends HttpError {
  override name = 'CsrfMismatchError';
}

/** 422: the request body failed validation; `errors` maps each field to its messages. */
export class ValidationError extends HttpError {
  override name = 'ValidationError';
  get errors(): ValidationErrors {
    const errors = (this.body as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === 'object' ? (errors as ValidationErrors) : {};
  }
}

/** 429: throttled (login, verification resend). */
export class TooManyRequestsError extends HttpError {
  override name = 'TooManyRequestsError';
}

/** 500 and above. Only logged by the client; still rejected to the caller. */
export class ServerError extends HttpError {
  override name = 'ServerError';
}

const byStatus: Record<number, typeof HttpError> = {
  401: UnauthenticatedError,
  403: ForbiddenError,
  404: NotFoundError,
  419: CsrfMismatchError,
  422: ValidationError,
  429: TooManyRequestsError,
};

/** The error class for a failed response's status. */
export function httpErrorFor(status: number, body: unknown, method: string, url: string): HttpError {
  const Class = status >= 500 ? ServerError : (byStatus[status] ?? HttpError);
  return new Class(status, body, method, url);
}

/** A 4xx answer: retrying the same request cannot help. */
export function isClientError(error: unknown): boolean {
  return error instanceof HttpError && error.status >= 400 && error.status < 500;
}
