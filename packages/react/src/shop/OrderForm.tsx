import type { OrderBodyInput } from '@matnat/contract';
import { createMessages, parseFormErrors } from '@matnat/core';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { type Messages, useMessages } from '../messages';
import { useOptionalMatnatClient } from '../provider';
import type { CartItem } from '../provider/types';
import { Button } from '../ui/Button';
import { cartLines } from './cartLines';
import { useOptionalCart } from './useShop';

/** The order body of POST /api/v1/order (DESIGN §2): the contract's, contact details and the cart as order lines. */
export type OrderBody = OrderBodyInput;

type FieldName = Exclude<keyof OrderBody, 'items'>;

interface FieldSpec {
  name: FieldName;
  label: (m: Messages) => string;
  type?: string;
  autoComplete: string;
  required: boolean;
  multiline?: boolean;
}

const fields: readonly FieldSpec[] = [
  { name: 'name', label: (m) => m.order.name, autoComplete: 'name', required: true },
  { name: 'email', label: (m) => m.order.email, type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: (m) => m.order.phone, type: 'tel', autoComplete: 'tel', required: false },
  { name: 'company', label: (m) => m.order.company, autoComplete: 'organization', required: false },
  { name: 'address', label: (m) => m.order.address, autoComplete: 'street-address', required: true },
  { name: 'postal_code', label: (m) => m.order.postalCode, autoComplete: 'postal-code', required: true },
  { name: 'city', label: (m) => m.order.city, autoComplete: 'address-level2', required: true },
  { name: 'message', label: (m) => m.order.message, autoComplete: 'off', required: false, multiline: true },
];

export interface OrderFormProps {
  /** The items to order. @default the provider's cart */
  items?: readonly CartItem[];
  /** Sends the order. @default the provider client's `api.shop.order` */
  onSubmit?: (body: OrderBody) => Promise<unknown>;
  /** After a successful order (the provider's cart is emptied first). */
  onSuccess?: (order: unknown) => void;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'done'; order: unknown };

function orderNumberOf(order: unknown): string | undefined {
  const number = (order as { number?: unknown } | null)?.number;
  return typeof number === 'string' ? number : undefined;
}

/**
 * The order form (route order /bestall): labelled fields, the server's validation errors under each
 * field (first message), the generic text for a non-object error, and a success state.
 */
export function OrderForm({ items, onSubmit, onSuccess }: OrderFormProps) {
  const m = useMessages();
  const id = useId();
  const client = useOptionalMatnatClient();
  const provided = useOptionalCart();
  const orderItems = items ?? provided.items;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const coreMessages = useMemo(() => createMessages({ genericError: m.form.genericError }), [m]);

  const parsed = status.kind === 'failed' ? parseFormErrors(status.error, coreMessages) : null;
  const fieldErrors = parsed?.fields ?? {};
  const shownFields = new Set<string>(fields.map((f) => f.name));
  // Errors of fields without an input (items, items.0.quantity) and general messages go to the summary.
  const otherErrors = Object.entries(fieldErrors).filter(
    ([field, list]) => !shownFields.has(field) && list[0],
  );
  const general = parsed?.general ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: FieldName) => String(data.get(name) ?? '').trim();
    const optional = (name: FieldName) => text(name) || undefined;
    const body: OrderBody = {
      name: text('name'),
      email: text('email'),
      phone: optional('phone'),
      company: optional('company'),
      address: text('address'),
      postal_code: text('postal_code'),
      city: text('city'),
      message: optional('message'),
      items: cartLines(orderItems).map((line) => ({ product_id: line.id, quantity: line.quantity })),
    };
    const send = onSubmit ?? client?.api?.shop?.order;
    if (!send) throw new Error('OrderForm needs onSubmit or a provider client with the shop API');
    setStatus({ kind: 'sending' });
    try {
      const order = await send(body);
      if (!items) await provided.cart?.empty();
      setStatus({ kind: 'done', order });
      onSuccess?.(order);
      queueMicrotask(() => successRef.current?.focus());
    } catch (error) {
      setStatus({ kind: 'failed', error });
      queueMicrotask(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .matnat-form-errors')?.focus();
      });
    }
  }

  if (status.kind === 'done') {
    const number = orderNumberOf(status.order);
    return (
      <div ref={successRef} className="matnat-order__success" role="status" tabIndex={-1}>
        <p>{m.order.success}</p>
        {number && <p>{m.order.orderNumber(number)}</p>}
      </div>
    );
  }

  if (orderItems.length === 0) return <p className="matnat-status">{m.order.emptyCart}</p>;

  return (
    <form ref={formRef} className="matnat-order" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="matnat-order__title">
        {m.order.title}
      </h2>
      {(general || otherErrors.length > 0) && (
        <div className="matnat-form-errors" role="alert" tabIndex={-1}>
          {general && <p className="matnat-form-errors__general">{general}</p>}
          {otherErrors.length > 0 && (
            <ul className="matnat-form-errors__list">
              {otherErrors.map(([field, list]) => (
                <li key={field}>{list[0]}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <fieldset className="matnat-order__grid" disabled={status.kind === 'sending'}>
        <legend className="matnat-visually-hidden">{m.order.fields}</legend>
        {fields.map((field) => {
          const inputId = `${id}-${field.name}`;
          const errorId = `${inputId}-error`;
          const error = fieldErrors[field.name]?.[0];
          const common = {
            id: inputId,
            name: field.name,
            className: 'matnat-field__input',
            autoComplete: field.autoComplete,
            required: field.required,
            'aria-required': field.required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId : undefined,
          };
          return (
            <div key={field.name} className="matnat-field">
              <label htmlFor={inputId} className="matnat-field__label">
                {field.label(m)}
                {field.required && <span className="matnat-visually-hidden"> ({m.order.required})</span>}
              </label>
              {field.multiline ? (
                <textarea rows={4} {...common} />
              ) : (
                <input type={field.type ?? 'text'} {...common} />
              )}
              {error && (
                <p id={errorId} className="matnat-field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      <Button type="submit" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? m.order.submitting : m.order.submit}
      </Button>
    </form>
  );
}
