import { createMatnatClient } from '@matnat/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatnatProvider } from '../provider';
import type { ShopProduct } from '../provider/types';
import { type FakeRoute, fakeFetch } from '../testing/fakeFetch';
import { renderStrict } from '../testing/render';
import { ToastViewport } from '../ui/Toast';
import { Cart } from './Cart';
import { cartLines } from './cartLines';
import { formatPrice } from './formatPrice';
import { OrderForm } from './OrderForm';
import { ProductList } from './ProductList';
import { ProductPage } from './ProductPage';

afterEach(cleanup);

const spjut: ShopProduct = {
  id: 1,
  slug: 'temperaturspjut',
  name: 'Temperaturspjut',
  description: 'LoRaWAN-spjut för kompost och snö.',
  price_ore: 149_900,
  currency: 'SEK',
  image_url: '/spjut.jpg',
  in_stock: true,
};
const gateway: ShopProduct = {
  id: 2,
  slug: 'gateway',
  name: 'Gateway',
  description: 'Inomhusgateway.',
  price_ore: 249_000,
  currency: 'SEK',
  image_url: null,
  in_stock: false,
};

function setup(routes: Record<string, FakeRoute> = {}) {
  const api = fakeFetch({
    'GET /api/v1/product': () => ({ body: { data: [spjut, gateway] } }),
    'GET /api/v1/product/1': () => ({ body: { data: spjut } }),
    'POST /cart/store': () => ({ body: { cart: [] } }),
    ...routes,
  });
  const client = createMatnatClient({
    platform: { fetch: api.fetch, storage: null },
    readCookie: () => 'token',
    queryClient: undefined,
  });
  client.queryClient.setDefaultOptions({ queries: { retry: false } });
  return { client, calls: api.calls };
}

describe('prices', () => {
  it('are formatted with Intl.NumberFormat sv-SE in SEK', () => {
    expect(formatPrice(149_900)).toBe(
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(1499),
    );
    expect(formatPrice(149_950).replace(/\s/g, ' ')).toBe('1 499,50 kr');
  });

  it('make no Intl object until the first price (importing the shop costs no ICU start-up)', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      const fresh = await import('./formatPrice');
      expect(made).not.toHaveBeenCalled();
      fresh.formatPrice(100);
      fresh.formatPrice(200);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});

describe('ProductList and ProductCard', () => {
  it('loads GET /api/v1/product and shows each product with its price; out-of-stock cannot be added', async () => {
    const { client } = setup();
    renderStrict(
      <MatnatProvider client={client}>
        <ProductList productHref={(p) => `/produkt/${p.id}`} />
      </MatnatProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Laddar…');
    const card = (await screen.findByRole('article', { name: 'Temperaturspjut' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Temperaturspjut' }).getAttribute('href')).toBe(
      '/produkt/1',
    );
    expect(card.querySelector('.matnat-price')!.textContent).toBe(formatPrice(149_900));
    const soldOut = screen.getByRole('article', { name: 'Gateway' });
    expect(
      (within(soldOut).getByRole('button', { name: 'Slut i lager' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('adding to the cart appends the item (spec §4 Cart) and saves it to the server', async () => {
    const { client, calls } = setup();
    renderStrict(
      <MatnatProvider client={client}>
        <ProductList />
        <ToastViewport />
      </MatnatProvider>,
    );
    const add = await screen.findByRole('button', { name: 'Lägg i varukorgen: Temperaturspjut' });
    await act(async () => {
      fireEvent.click(add);
      fireEvent.click(add);
    });
    expect(client.cart.getSnapshot().items.map((i) => i.id)).toEqual([1, 1]);
    await waitFor(() => expect(calls.filter((c) => c.path === '/cart/store')).toHaveLength(2));
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent?.includes('Temperaturspjut lades i varukorgen')),
    ).toBe(true);
  });

  it('shows an error when the products cannot be loaded', async () => {
    const { client } = setup({
      'GET /api/v1/product': () => ({ status: 500, body: { message: 'Serverfel' } }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderStrict(
      <MatnatProvider client={client}>
        <ProductList />
      </MatnatProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Det gick inte att hämta produkterna.');
    vi.restoreAllMocks();
  });

  it('works from props alone, without a provider', () => {
    const onSelect = vi.fn();
    renderStrict(<ProductList products={[spjut]} onSelect={onSelect} onAddToCart={() => {}} />);
    fireEvent.click(screen.getByRole('link', { name: 'Temperaturspjut' }));
    expect(onSelect).toHaveBeenCalledWith(spjut);
  });
});

describe('ProductPage', () => {
  it('loads GET /api/v1/product/{id} and adds to the cart', async () => {
    const { client } = setup();
    const onBack = vi.fn();
    renderStrict(
      <MatnatProvider client={client}>
        <ProductPage productId={1} onBack={onBack} />
      </MatnatProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Temperaturspjut' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Lägg i varukorgen' }));
    });
    expect(client.cart.getSnapshot().items).toEqual([{ id: 1, name: 'Temperaturspjut', price_ore: 149_900 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Tillbaka' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('says so when the product does not exist', async () => {
    const { client } = setup();
    renderStrict(
      <MatnatProvider client={client}>
        <ProductPage productId={99} />
      </MatnatProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Produkten hittades inte.');
  });
});

describe('Cart (spec §4)', () => {
  async function cartWith(ids: number[]) {
    const ctx = setup();
    for (const id of ids)
      await ctx.client.cart.add({
        id,
        name: id === 1 ? 'Temperaturspjut' : 'Gateway',
        price_ore: id === 1 ? 149_900 : 249_000,
      });
    renderStrict(
      <MatnatProvider client={ctx.client}>
        <Cart />
        <ToastViewport />
      </MatnatProvider>,
    );
    return ctx;
  }

  it('groups the items by id with their quantity and shows the total', async () => {
    await cartWith([1, 2, 1]);
    const lines = screen.getAllByRole('listitem');
    expect(lines.map((li) => li.getAttribute('data-id'))).toEqual(['1', '2']);
    expect(within(lines[0]!).getByText('Antal: 2')).toBeTruthy();
    expect(screen.getByTestId('matnat-cart-total').textContent).toBe(formatPrice(2 * 149_900 + 249_000));
    expect(cartLines([{ id: 5 }], [spjut])[0]!.name).toBe('#5');
  });

  it("spec §4 Cart: removing removes only the first item with the given id; toast 'Artiklen togs bort'", async () => {
    const { client, calls } = await cartWith([1, 2, 1]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ta bort en Temperaturspjut' }));
    });
    expect(client.cart.getSnapshot().items.map((i) => i.id)).toEqual([2, 1]);
    expect(within(screen.getAllByRole('listitem')[1]!).getByText('Antal: 1')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Artiklen togs bort');
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/cart/store' }));
    expect(calls.at(-1)!.body).toEqual({
      cart: [
        { id: 2, name: 'Gateway', price_ore: 249_000 },
        { id: 1, name: 'Temperaturspjut', price_ore: 149_900 },
      ],
    });
  });

  it("spec §4 Cart: remove-all removes every item with that id; toast 'Artiklen togs bort'", async () => {
    const { client } = await cartWith([1, 2, 1]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ta bort alla Temperaturspjut' }));
    });
    expect(client.cart.getSnapshot().items.map((i) => i.id)).toEqual([2]);
    expect(screen.getByRole('status').textContent).toContain('Artiklen togs bort');
  });

  it('an empty cart says so', async () => {
    await cartWith([]);
    expect(screen.getByText('Varukorgen är tom.')).toBeTruthy();
  });
});

describe('OrderForm (spec §5, DESIGN §2 POST /api/v1/order)', () => {
  async function orderWith(route: FakeRoute) {
    const ctx = setup({ 'POST /api/v1/order': route });
    await ctx.client.cart.add({ id: 1 });
    await ctx.client.cart.add({ id: 1 });
    await ctx.client.cart.add({ id: 2 });
    renderStrict(
      <MatnatProvider client={ctx.client}>
        <OrderForm />
      </MatnatProvider>,
    );
    return ctx;
  }

  function fill() {
    const values: Record<string, string> = {
      Namn: 'Anna Andersson',
      'E-post': 'anna@example.se',
      Adress: 'Storgatan 1',
      Postnummer: '123 45',
      Ort: 'Umeå',
    };
    for (const [label, value] of Object.entries(values))
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }

  it('every field has a label; required ones say so', async () => {
    await orderWith(() => ({ body: { data: {} } }));
    for (const label of ['Namn', 'E-post', 'Telefon', 'Företag', 'Adress', 'Postnummer', 'Ort', 'Meddelande'])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    expect(screen.getByLabelText(/^Namn/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText(/^Telefon/).getAttribute('aria-required')).toBe('false');
  });

  it('spec §5: validation errors show per field, the first message of each', async () => {
    const { calls } = await orderWith(() => ({
      status: 422,
      body: {
        message: 'Uppgifterna är ogiltiga.',
        errors: {
          email: ['E-post måste vara en giltig adress.', 'E-post är för lång.'],
          postal_code: ['Ogiltigt postnummer.'],
        },
      },
    }));
    fill();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Skicka beställning' }));
    });
    const email = screen.getByLabelText(/^E-post/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'E-post måste vara en giltig adress.',
    );
    expect(screen.queryByText('E-post är för lång.')).toBeNull();
    expect(screen.getByText('Ogiltigt postnummer.')).toBeTruthy();
    expect(screen.getByLabelText(/^Namn/).getAttribute('aria-invalid')).toBeNull();
    expect(calls.find((c) => c.path === '/api/v1/order')!.body).toEqual({
      name: 'Anna Andersson',
      email: 'anna@example.se',
      address: 'Storgatan 1',
      postal_code: '123 45',
      city: 'Umeå',
      items: [
        { product_id: 1, quantity: 2 },
        { product_id: 2, quantity: 1 },
      ],
    });
  });

  it("spec §5: a non-object error shows 'Something went wrong. Please try again or contact customer support.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await orderWith(() => ({ status: 502, body: 'Bad gateway' }));
    fill();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Skicka beställning' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Something went wrong. Please try again or contact customer support.',
    );
    vi.restoreAllMocks();
  });

  it('success: the order is confirmed with its number and the cart is emptied', async () => {
    const { client } = await orderWith(() => ({
      status: 201,
      body: { data: { id: 9, number: 'MN-000009' } },
    }));
    fill();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Skicka beställning' }));
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Tack för din beställning! Vi hör av oss inom kort.Ordernummer: MN-000009',
    );
    expect(client.cart.getSnapshot().items).toEqual([]);
  });
});
