import { buildPath } from '@matnat/core';
import { ProductList as KitProductList } from '@matnat/react';
import { useNavigate } from 'react-router';
import { ShopBar } from '../shell/ShopBar';

const productPath = (product: { id: number | string }) => buildPath('product', { product_id: product.id });

/** productlist `/produkter` (guests too): the kit's product cards, each linking to its product page. */
export default function ProductList() {
  const navigate = useNavigate();
  return (
    <section>
      <ShopBar title="Webbshop" back={false} />
      {/* The cards' titles are h3: the level between keeps the headings in order. */}
      <h2 className="sr-only">Produkter</h2>
      <KitProductList productHref={productPath} onSelect={(product) => navigate(productPath(product))} />
    </section>
  );
}
