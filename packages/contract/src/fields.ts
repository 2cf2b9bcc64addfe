import { z } from 'zod';
import { MAX_ID } from './common';
import { LIMITS } from './constants';
import { validationMessages as M } from './messages';

/**
 * Builders for the fields of request bodies. Each attaches the Swedish messages of `messages.ts` to its
 * type check and to every range check, so a body parses to Swedish form errors without a global zod config.
 */

interface IssueInput {
  readonly input?: unknown;
}

const typeError = (label: string, kind: (label: string) => string) => (issue: IssueInput) =>
  issue.input === undefined || issue.input === null ? M.required(label) : kind(label);

/** A request body: a JSON object whose unknown fields are rejected. */
export const body = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.body),
  });

/** Required text, trimmed. @default min 1, max 255 */
export const text = (label: string, { min = 1, max = 255 }: { min?: number; max?: number } = {}) =>
  z
    .string({ error: typeError(label, M.string) })
    .trim()
    .min(min, { error: min <= 1 ? M.required(label) : M.minLength(label, min), abort: true })
    .max(max, { error: M.maxLength(label, max) });

/** Optional free text, trimmed; `null` and absence both mean "not given". @default max 255 */
export const optionalText = (label: string, { max = 255 }: { max?: number } = {}) =>
  z
    .string({ error: typeError(label, M.string) })
    .trim()
    .max(max, { error: M.maxLength(label, max) })
    .nullish();

export const email = (label = 'E-postadress') =>
  z
    .string({ error: typeError(label, M.string) })
    .trim()
    .toLowerCase()
    .min(1, { error: M.required(label), abort: true })
    .max(255, { error: M.maxLength(label, 255), abort: true })
    .regex(z.regexes.email, { error: M.email });

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 255;

export const password = (label = 'Lösenord') =>
  z
    .string({ error: typeError(label, M.string) })
    .min(1, { error: M.required(label), abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: M.minLength(label, PASSWORD_MIN_LENGTH) })
    .max(PASSWORD_MAX_LENGTH, { error: M.maxLength(label, PASSWORD_MAX_LENGTH) });

/** A positive integer id in a JSON body. */
export const id = (label: string) =>
  z
    .number({ error: typeError(label, M.id) })
    .int({ error: M.id(label) })
    .positive({ error: M.id(label) })
    .max(MAX_ID, { error: M.id(label) });

/** A list of distinct ids. @default min 0, max 1000 */
export const idList = (label: string, { min = 0, max = 1000 }: { min?: number; max?: number } = {}) =>
  z
    .array(id(label), { error: typeError(label, M.array) })
    .min(min, { error: M.minItems(label, min) })
    .max(max, { error: M.maxItems(label, max) })
    .refine((ids) => new Set(ids).size === ids.length, { error: M.duplicates(label) });

export const boolean = (label: string) => z.boolean({ error: typeError(label, M.boolean) });

/** A finite number, optionally bounded. */
export const number = (label: string, { min, max }: { min?: number; max?: number } = {}) => {
  let schema = z.number({ error: typeError(label, M.number) });
  if (min !== undefined) schema = schema.min(min, { error: M.min(label, min) });
  if (max !== undefined) schema = schema.max(max, { error: M.max(label, max) });
  return schema;
};

/** An integer, optionally bounded. */
export const integer = (label: string, { min, max }: { min?: number; max?: number } = {}) => {
  let schema = z.number({ error: typeError(label, M.number) }).int({ error: M.integer(label) });
  if (min !== undefined) schema = schema.min(min, { error: M.min(label, min) });
  if (max !== undefined) schema = schema.max(max, { error: M.max(label, max) });
  return schema;
};

export const oneOf = <const Values extends readonly [string, ...string[]]>(label: string, values: Values) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? M.required(label) : M.oneOf(label, values),
  });

/** An ISO 8601 date-time with `Z` or an offset, as every timestamp of the API. */
export const dateTime = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined || issue.input === null ? M.required(label) : M.dateTime(label),
  });

/** An absolute http(s) URL. */
export const httpUrl = (label: string) =>
  z
    .string({ error: typeError(label, M.string) })
    .trim()
    .max(2048, { error: M.maxLength(label, 2048), abort: true })
    .pipe(z.url({ protocol: /^https?$/, error: M.url(label) }));

const DATA_IMAGE = /^data:image\/(?:png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * A photo: an http(s) address, or an uploaded picture as a `data:` URL (PNG, JPEG or WebP in base64, at
 * most `LIMITS.photoDataUrl` characters), which the page shows from its own origin.
 */
export const photoUrl = (label: string) =>
  z.union(
    [
      httpUrl(label),
      z
        .string()
        .max(LIMITS.photoDataUrl, { error: M.maxLength(label, LIMITS.photoDataUrl), abort: true })
        .regex(DATA_IMAGE, { error: M.image(label) }),
    ],
    {
      error: (issue) => {
        const input = issue.input;
        if (typeof input !== 'string') return typeError(label, M.string)(issue);
        if (!input.startsWith('data:')) return input.length > 2048 ? M.maxLength(label, 2048) : M.url(label);
        return input.length > LIMITS.photoDataUrl ? M.maxLength(label, LIMITS.photoDataUrl) : M.image(label);
      },
    },
  );

export const latitude = (label = 'Latitud') => number(label, { min: -90, max: 90 });
export const longitude = (label = 'Longitud') => number(label, { min: -180, max: 180 });

/** `#rrggbb`, stored lower case. */
export const hexColor = (label = 'Färg') =>
  z
    .string({ error: typeError(label, M.string) })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: M.color })
    .toLowerCase();
