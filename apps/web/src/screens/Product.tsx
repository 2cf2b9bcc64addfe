import { ProductPage } from '@matnat/react';
import { useParams } from 'react-router';
import { ShopBar } from '../shell/ShopBar';

/** product `/produkt/:product_id` (guests too): the kit's product page with add to cart. */
export default function Product() {
  const { product_id } = useParams();
  return (
    <section>
      <ShopBar title="Webbshop" />
      <ProductPage key={product_id} productId={Number(product_id)} />
    </section>
  );
}
