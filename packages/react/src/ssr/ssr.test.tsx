// @vitest-environment node
import { createMatnatClient } from '@matnat/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { en } from '../messages/en';
import { MatnatProvider } from '../provider';
import { Cart, OrderForm, ProductList, ProductPage } from '../shop';
import {
  Avatar,
  Button,
  ConfirmDangerDialog,
  Dropdown,
  FormErrors,
  ImpersonationBanner,
  NotificationBell,
  ProgressBar,
  ToastViewport,
} from '../ui';

const product = {
  id: 1,
  slug: 'spjut',
  name: 'Temperaturspjut',
  description: 'Spjut',
  price_ore: 149_900,
  currency: 'SEK' as const,
  image_url: null,
  in_stock: true,
};

describe('SSR (node, no window)', () => {
  it('renderToString renders the UI kit and the shop inside MatnatProvider', () => {
    const client = createMatnatClient({
      platform: { fetch: () => Promise.reject(new Error('no network in SSR')) },
    });
    const html = renderToString(
      <MatnatProvider client={client} messages={en}>
        <ProgressBar visible percent={40} />
        <NotificationBell />
        <ImpersonationBanner userName="Anna" impersonatorName="Admin" onRevert={() => {}} />
        <Button variant="edit" />
        <Dropdown options={[{ value: 'a', title: 'A' }]} />
        <Avatar name="Anna Andersson" />
        <ConfirmDangerDialog open title="Delete?" onConfirm={() => {}} onCancel={() => {}} />
        <FormErrors error={{ email: ['Invalid'] }} />
        <ToastViewport />
        <ProductList products={[product]} />
        <ProductPage product={product} />
        <Cart items={[{ id: 1, name: 'Temperaturspjut', price_ore: 149_900 }]} />
        <OrderForm items={[{ id: 1 }]} onSubmit={async () => ({})} />
      </MatnatProvider>,
    );
    expect(html).toContain('class="matnat-root"');
    expect(html).toContain('Return to Admin');
    expect(html).toContain('Sort');
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain('Temperaturspjut');
    expect(html).toContain('1\u00a0499,00\u00a0kr');
    expect(html).toContain('Place order');
    // With the English pack nothing Swedish is left (the product data here has no å, ä or ö).
    expect(html).not.toMatch(/[åäöÅÄÖ]/);
    client.dispose();
  });
});
