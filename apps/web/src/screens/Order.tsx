import { Cart, OrderForm } from '@matnat/react';
import { useState } from 'react';
import { ShopBar } from '../shell/ShopBar';

/**
 * order `/bestall` (guests too): the cart, still editable, beside the kit's order form (the server's 422
 * messages under each field); afterwards the confirmation with the order number alone.
 */
export default function Order() {
  const [done, setDone] = useState(false);
  return (
    <section>
      <ShopBar title="Beställ" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <OrderForm onSuccess={() => setDone(true)} />
        </div>
        {!done && (
          <aside className="min-w-0 rounded-lg bg-white p-4 ring-1 ring-slate-200 lg:order-last">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">Din varukorg</h2>
            <Cart />
          </aside>
        )}
      </div>
    </section>
  );
}
