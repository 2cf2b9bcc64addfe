import type { HttpClient } from '../http';
import { getData, postData } from './envelope';
import type { Id, Order, OrderBodyInput, Product } from './types';

/** The web shop: guest-readable products and the guest-allowed order form. */
export function shopApi(http: HttpClient) {
  return {
    /** GET /api/v1/product */
    products: (): Promise<Product[]> => getData(http, '/api/v1/product'),
    /** GET /api/v1/product/{id} */
    product: (id: Id): Promise<Product> => getData(http, `/api/v1/product/${id}`),
    /** POST /api/v1/order */
    order: (body: OrderBodyInput): Promise<Order> => postData(http, '/api/v1/order', body),
  };
}
