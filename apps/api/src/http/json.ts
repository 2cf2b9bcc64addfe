import type { FastifyInstance } from 'fastify';
import { errorMessages } from '../messages.js';
import { HttpError } from './errors.js';

function rejectPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__' || key === 'constructor') throw new SyntaxError(`forbidden key ${key}`);
  return value;
}

/**
 * JSON bodies only: an empty body is no body (clients POST without payload, e.g. logout), malformed JSON is a
 * 400, and keys that could reach an object's prototype are refused.
 */
export function registerJsonParser(app: FastifyInstance): void {
  // text/plain is a CORS "simple" type a foreign page could post without a preflight: JSON only.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, rejectPrototypeKeys));
    } catch {
      done(new HttpError(400, errorMessages.badJson), undefined);
    }
  });
}
