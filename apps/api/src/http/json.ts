import type { FastifyInstance } from 'fastify';
import { errorMessages } from '../messages.js';
import { HttpError } from './errors.js';

function rejectPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__' || key === 'constructor') throw new SyntaxError(`forbidden key ${key}`);
  return value;
}

/**
 * JSON bodies: an empty body is no body (clients POST without payload, e.g. logout), malformed JSON is a
 * 400, and keys that could reach an object's prototype are refused.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
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
