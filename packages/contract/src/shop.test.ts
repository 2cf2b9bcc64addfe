import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFormErrors } from './errors';
import { CartResponse, CartStoreBody, Order, OrderBody, Product } from './shop';

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : toFormErrors(result.error);

const order = {
  name: 'Anna Andersson',
  email: 'anna@matnat.se',
  address: 'Storgatan 1',
  postal_code: '90325',
  city: 'Umeå',
  items: [{ product_id: 1, quantity: 2 }],
};

describe('cart', () => {
  it('spec §3 Cart: array of items, each with an id (duplicates are quantity)', () => {
    expect(
      CartStoreBody.parse({ cart: [{ id: 1 }, { id: 1, name: 'Temperaturspjut', price_ore: 149_900 }] }),
    ).toEqual({
      cart: [{ id: 1 }, { id: 1, name: 'Temperaturspjut', price_ore: 149_900 }],
    });
    expect(errorsOf(CartStoreBody.safeParse({ cart: [{ name: 'x' }] }))).toEqual({
      'cart.0.id': ['Id måste anges.'],
    });
  });

  it('spec §7 GET /cart/retrieve: empty array if missing', () => {
    expect(CartResponse.parse({})).toEqual({ cart: [] });
    expect(CartResponse.parse({ cart: [{ id: 2 }] })).toEqual({ cart: [{ id: 2 }] });
  });
});

describe('Product', () => {
  it('prices are integer öre in SEK', () => {
    const product = {
      id: 1,
      slug: 'temperaturspjut',
      name: 'Temperaturspjut',
      description: 'LoRaWAN',
      price_ore: 149_900,
      currency: 'SEK',
      image_url: null,
      in_stock: true,
    };
    expect(Product.parse(product).price_ore).toBe(149_900);
    expect(Product.safeParse({ ...product, price_ore: 1499.5 }).success).toBe(false);
    expect(Product.safeParse({ ...product, currency: 'EUR' }).success).toBe(false);
  });
});

describe('OrderBody', () => {
  it('normalises the Swedish postal code to "123 45"', () => {
    expect(OrderBody.parse(order).postal_code).toBe('903 25');
    expect(OrderBody.parse({ ...order, postal_code: '903 25' }).postal_code).toBe('903 25');
    expect(errorsOf(OrderBody.safeParse({ ...order, postal_code: '9032' }))).toEqual({
      postal_code: ['Postnumret måste bestå av fem siffror, till exempel 123 45.'],
    });
  });

  it('requires name, e-mail, address, city and at least one line, in Swedish', () => {
    expect(errorsOf(OrderBody.safeParse({ postal_code: '12345', items: [] }))).toEqual({
      name: ['Namn måste anges.'],
      email: ['E-postadress måste anges.'],
      address: ['Adress måste anges.'],
      city: ['Ort måste anges.'],
      items: ['Artiklar måste innehålla minst en post.'],
    });
  });

  it('accepts optional phone, company and message, and checks the phone', () => {
    expect(
      OrderBody.parse({ ...order, phone: '+46 70-123 45 67', company: 'Mätnät AB', message: 'Tack' }),
    ).toMatchObject({
      phone: '+46 70-123 45 67',
    });
    expect(OrderBody.parse({ ...order, phone: '' }).phone).toBe('');
    expect(errorsOf(OrderBody.safeParse({ ...order, phone: 'ring mig' }))).toEqual({
      phone: ['Telefonnumret är ogiltigt.'],
    });
  });

  it('rejects repeated products, quantities out of range and prices in the body', () => {
    expect(
      errorsOf(
        OrderBody.safeParse({
          ...order,
          items: [
            { product_id: 1, quantity: 100 },
            { product_id: 2, quantity: 1, price_ore: 1 },
          ],
        }),
      ),
    ).toEqual({
      'items.0.quantity': ['Antal får vara högst 99.'],
      'items.1.price_ore': ['Fältet är okänt.'],
    });
    expect(
      errorsOf(
        OrderBody.safeParse({
          ...order,
          items: [
            { product_id: 1, quantity: 1 },
            { product_id: 1, quantity: 1 },
          ],
        }),
      ),
    ).toEqual({ items: ['Artiklar får inte innehålla dubbletter.'] });
  });
});

describe('Order', () => {
  it('has a number, a status, lines and a total in öre', () => {
    const parsed = Order.parse({
      id: 1,
      number: 'MN-000001',
      status: 'received',
      name: 'Anna',
      email: 'anna@matnat.se',
      phone: null,
      company: null,
      address: 'Storgatan 1',
      postal_code: '903 25',
      city: 'Umeå',
      message: null,
      items: [{ product_id: 1, name: 'Spjut', quantity: 2, unit_price_ore: 100, total_ore: 200 }],
      total_ore: 200,
      currency: 'SEK',
      created_at: '2025-01-01T00:00:00Z',
    });
    expect(parsed.total_ore).toBe(200);
  });
});
