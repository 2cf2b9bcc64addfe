import { describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeServer } from '../test/fakeServer';
import { createApi } from './api/index';
import { createCart } from './cart';
import { createHttpClient } from './http';
import { createMessages } from './messages';

function setup() {
  const server = fakeServer();
  const http = createHttpClient({ platform: fakePlatform(server), readCookie: () => 't' });
  const notify = vi.fn();
  const cart = createCart({ api: createApi(http), notify });
  server.on('POST /cart/store', { status: 204 });
  const stored = () => server.calls.filter((c) => c.url === '/cart/store').map((c) => c.body);
  return { server, cart, notify, stored };
}

const ids = (cart: ReturnType<typeof setup>['cart']) => cart.getSnapshot().items.map((item) => item.id);

describe('spec §4 Cart', () => {
  it('ensureLoaded reads the saved cart (GET /cart/retrieve) once, however many widgets ask', async () => {
    const { server, cart } = setup();
    server.on('GET /cart/retrieve', { body: { cart: [{ id: 7 }, { id: 7 }] } });
    const [a, b] = await Promise.all([cart.ensureLoaded(), cart.ensureLoaded()]);
    await cart.ensureLoaded();
    expect(a).toBe(b);
    expect(ids(cart)).toEqual([7, 7]);
    expect(server.calls.filter((c) => c.url === '/cart/retrieve')).toHaveLength(1);
  });

  it('ensureLoaded tries again after a failed load', async () => {
    const { server, cart } = setup();
    server.once('GET /cart/retrieve', { status: 503 });
    server.on('GET /cart/retrieve', { body: { cart: [{ id: 3 }] } });
    await expect(cart.ensureLoaded()).rejects.toThrow();
    await cart.ensureLoaded();
    expect(ids(cart)).toEqual([3]);
  });

  it('adding appends an item and is afterwards saved with POST /cart/store {cart}', async () => {
    const { cart, stored } = setup();
    await cart.add({ id: 1 });
    await cart.add({ id: 2 });
    await cart.add({ id: 1 });
    expect(ids(cart)).toEqual([1, 2, 1]);
    expect(stored()).toEqual([
      { cart: [{ id: 1 }] },
      { cart: [{ id: 1 }, { id: 2 }] },
      { cart: [{ id: 1 }, { id: 2 }, { id: 1 }] },
    ]);
  });

  it('removing removes only the first item with the given id, then saves', async () => {
    const { cart, stored } = setup();
    cart.add({ id: 1, name: 'först' });
    cart.add({ id: 2 });
    await cart.add({ id: 1, name: 'sist' });
    await cart.remove(1);
    expect(cart.getSnapshot().items).toEqual([{ id: 2 }, { id: 1, name: 'sist' }]);
    expect(stored().at(-1)).toEqual({ cart: [{ id: 2 }, { id: 1, name: 'sist' }] });
  });

  it("removing shows 'Artiklen togs bort' (spec §8 success message)", async () => {
    const { cart, notify } = setup();
    await cart.add({ id: 1 });
    await cart.remove(1);
    expect(notify).toHaveBeenCalledExactlyOnceWith('Artiklen togs bort');
  });

  it('the removal message comes from the messages module and can be reworded', async () => {
    const server = fakeServer().on('POST /cart/store', { status: 204 });
    const http = createHttpClient({ platform: fakePlatform(server), readCookie: () => 't' });
    const notify = vi.fn();
    const cart = createCart({
      api: createApi(http),
      notify,
      messages: createMessages({ removed: { cartItem: 'Borta' } }),
    });
    await cart.add({ id: 1 });
    await cart.remove(1);
    expect(notify).toHaveBeenCalledWith('Borta');
  });

  it('remove-all removes every item with that id, then saves', async () => {
    const { cart, stored, notify } = setup();
    cart.add({ id: 1 });
    cart.add({ id: 2 });
    await cart.add({ id: 1 });
    expect(cart.count(1)).toBe(2);
    await cart.removeAll(1);
    expect(ids(cart)).toEqual([2]);
    expect(cart.count(1)).toBe(0);
    expect(stored().at(-1)).toEqual({ cart: [{ id: 2 }] });
    expect(notify).toHaveBeenCalledWith('Artiklen togs bort');
  });

  it('emptying clears the cart, then saves', async () => {
    const { cart, stored } = setup();
    await cart.add({ id: 1 });
    await cart.empty();
    expect(ids(cart)).toEqual([]);
    expect(stored().at(-1)).toEqual({ cart: [] });
  });

  it('removing an id that is not in the cart changes nothing but still saves', async () => {
    const { cart, stored } = setup();
    await cart.add({ id: 1 });
    await cart.remove(9);
    expect(ids(cart)).toEqual([1]);
    expect(stored()).toHaveLength(2);
  });

  it('saves go out in order, each with the cart as it was after its change', async () => {
    const { server, cart } = setup();
    let release!: () => void;
    server.once(
      'POST /cart/store',
      () => new Promise((resolve) => (release = () => resolve({ status: 204 }))),
    );
    const first = cart.add({ id: 1 });
    const second = cart.add({ id: 2 });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(server.calls.filter((c) => c.url === '/cart/store')).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    expect(server.calls.filter((c) => c.url === '/cart/store').map((c) => c.body)).toEqual([
      { cart: [{ id: 1 }] },
      { cart: [{ id: 1 }, { id: 2 }] },
    ]);
  });

  it('a failed save rejects to the caller and does not block the next one', async () => {
    const { server, cart, stored } = setup();
    server.once('POST /cart/store', { status: 500 });
    await expect(cart.add({ id: 1 })).rejects.toMatchObject({ status: 500 });
    await expect(cart.add({ id: 2 })).resolves.toBeUndefined();
    expect(stored().at(-1)).toEqual({ cart: [{ id: 1 }, { id: 2 }] });
  });

  it('load: GET /cart/retrieve replaces the cart, empty array when the answer has none', async () => {
    const { server, cart } = setup();
    server.once('GET /cart/retrieve', { body: { cart: [{ id: 3 }, { id: 3 }] } });
    await expect(cart.load()).resolves.toEqual([{ id: 3 }, { id: 3 }]);
    expect(ids(cart)).toEqual([3, 3]);
    server.once('GET /cart/retrieve', { body: {} });
    await cart.load();
    expect(ids(cart)).toEqual([]);
  });
});
