import type { FastifyInstance } from 'fastify';
import { errorMessages } from '../messages.js';
import { HttpError } from './errors.js';
import { refuseUnstorableText } from './text.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function rejectPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__' || key === 'constructor') throw new SyntaxError(`forbidden key ${key}`);
  return value;
}

/**
 * JSON bodies only: an empty body is no body (clients POST without payload, e.g. logout), malformed JSON is a
 * 400, keys that could reach an object's prototype are refused, and text with NUL or a lone surrogate (in a
 * body or a query string) is a 422.
 */
export function registerJsonParser(app: FastifyInstance): void {
  // text/plain is a CORS "simple" type a foreign page could post without a preflight: JSON only.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    // Bytes that are not UTF-8 are refused, not stored as U+FFFD (which would keep a changed text).
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      return done(new HttpError(400, errorMessages.badUtf8), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text, rejectPrototypeKeys);
    } catch {
      return done(new HttpError(400, errorMessages.badJson), undefined);
    }
    try {
      refuseUnstorableText(parsed);
    } catch (error) {
      return done(error as HttpError, undefined);
    }
    done(null, parsed);
  });
  // Query strings reach filters and LIKE patterns: the same texts are refused there, before any handler.
  app.addHook('preValidation', async (request) => {
    refuseUnstorableText(request.query);
  });
}
