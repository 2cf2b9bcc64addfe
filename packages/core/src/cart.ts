import type { MatnatApi } from './api/index';
import type { CartItem, Id } from './api/types';
import { type CoreMessages, svMessages } from './messages';
import { createStore, type ExternalStore } from './store';

export interface CartState {
  items: CartItem[];
}

export interface CartOptions {
  api: Pick<MatnatApi, 'cart'>;
  /** Shows a success notification ('Artiklen togs bort' after a removal). */
  notify?: (message: string) => void;
  /** @default svMessages */
  messages?: Pick<CoreMessages, 'removed'>;
}

export interface Cart extends ExternalStore<CartState> {
  /** GET /cart/retrieve: replaces the local cart (empty when the server has none). */
  load(): Promise<CartItem[]>;
  /** Loads the saved cart once, on first use: later calls share that load. */
  ensureLoaded(): Promise<CartItem[]>;
  /**
   * The signed-in user changed (login, logout): a cart that was loaded is read again, since the server
   * keeps one cart per account and one per guest session (a guest's follows them into their account).
   */
  ownerChanged(): Promise<void>;
  /** Appends the item. */
  add(item: CartItem): Promise<void>;
  /** Removes only the first item with the given id. */
  remove(id: Id): Promise<void>;
  /** Removes every item with the given id. */
  removeAll(id: Id): Promise<void>;
  /** Clears the cart. */
  empty(): Promise<void>;
  /** How many items carry the id (the quantity of a product). */
  count(id: Id): number;
}

/**
 * The spec §4 shopping cart. Every add, remove and empty is afterwards saved with POST /cart/store;
 * the returned promise is that save (spec §8 shows no error handling for it: the caller decides).
 */
export function createCart({ api, notify, messages = svMessages }: CartOptions): Cart {
  const { state, subscribe, getSnapshot } = createStore<CartState>({ items: [] });
  // Saves go out one after the other so that the server keeps the newest cart.
  let saving: Promise<unknown> = Promise.resolve();
  let loaded: Promise<CartItem[]> | undefined;

  function save(): Promise<void> {
    const cart = state.items.map((item) => ({ ...item }));
    const next = saving.catch(() => undefined).then(() => api.cart.store(cart));
    saving = next;
    return next.then(() => undefined);
  }

  function removed(): Promise<void> {
    notify?.(messages.removed.cartItem);
    return save();
  }

  const cart: Cart = {
    subscribe,
    getSnapshot,

    /** GET /cart/retrieve: replaces the local cart (empty when the server has none). */
    async load(): Promise<CartItem[]> {
      state.items = await api.cart.retrieve();
      return state.items;
    },

    ensureLoaded(): Promise<CartItem[]> {
      loaded ??= cart.load().catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      return loaded;
    },

    async ownerChanged(): Promise<void> {
      if (!loaded) return;
      loaded = undefined;
      await cart.ensureLoaded();
    },

    /** Appends the item. */
    add(item: CartItem): Promise<void> {
      state.items.push(item);
      return save();
    },

    /** Removes only the first item with the given id. */
    remove(id: Id): Promise<void> {
      const index = state.items.findIndex((item) => item.id === id);
      if (index >= 0) state.items.splice(index, 1);
      return removed();
    },

    /** Removes every item with the given id. */
    removeAll(id: Id): Promise<void> {
      state.items = state.items.filter((item) => item.id !== id);
      return removed();
    },

    /** Clears the cart. */
    empty(): Promise<void> {
      state.items = [];
      return save();
    },

    /** How many items carry the id (the quantity of a product). */
    count: (id: Id) => state.items.filter((item) => item.id === id).length,
  };
  return cart;
}
