import { buildPath } from '@matnat/core';
import { Cart, useExternalStore } from '@matnat/react';
import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { matnat } from '../matnat';

const noItems: readonly unknown[] = [];

/** How many items the app's one cart holds (loaded from the server once, on first use). */
export function useCartCount(): number {
  const items = useExternalStore(matnat.cart)?.items ?? noItems;
  useEffect(() => {
    matnat.cart.ensureLoaded().catch(() => {});
  }, []);
  return items.length;
}

/**
 * The shop screens' top row: the heading, a link back to the product list (not on the list itself) and the
 * cart button, which opens the cart as a drawer (a modal dialog from the right) with the kit's `Cart`.
 */
export function ShopBar({ title, back = true }: { title: string; back?: boolean }) {
  const count = useCartCount();
  const drawer = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const navigate = useNavigate();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <div className="min-w-0 flex-1">
        {back && (
          <Link to={buildPath('productlist')} className="text-sm text-teal-800 underline">
            ← Alla produkter
          </Link>
        )}
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      </div>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => drawer.current?.showModal()}
        className="inline-flex items-center gap-2 rounded-md bg-teal-700 px-3 py-2 text-sm font-medium text-white hover:bg-teal-800"
      >
        Varukorg
        <span className="rounded-full bg-white px-2 text-teal-800" data-testid="cart-count">
          {count}
        </span>
        <span className="sr-only">{count === 1 ? 'artikel' : 'artiklar'}</span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes the native dialog; the backdrop click is the mouse's way */}
      <dialog
        ref={drawer}
        aria-labelledby={headingId}
        className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-full max-w-md bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its panel) closes the drawer.
          if (event.target === drawer.current) drawer.current.close();
        }}
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 p-4">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              Varukorg
            </h2>
            <button
              type="button"
              className="rounded-md px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
              onClick={() => drawer.current?.close()}
            >
              Stäng
            </button>
          </div>
          <div className="flex-1 overflow-y-auto p-4">
            <Cart
              onCheckout={() => {
                drawer.current?.close();
                navigate(buildPath('order'));
              }}
            />
          </div>
        </div>
      </dialog>
    </div>
  );
}
