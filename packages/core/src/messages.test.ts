import { describe, expect, it } from 'vitest';
import { createMessages, formatTitle, svMessages } from './messages';

describe('messages', () => {
  it("spec §2: the page title follows the template '%s · {app name}'", () => {
    expect(formatTitle('Notiser')).toBe('Notiser · Mätnät');
  });

  it('falls back to the app name when a page has no title', () => {
    expect(formatTitle(undefined)).toBe('Mätnät');
    expect(formatTitle('')).toBe('Mätnät');
  });

  it('overrides merge into a group instead of replacing it', () => {
    const messages = createMessages({ appName: 'Sensorn', removed: { dashboard: 'Borta' } });
    expect(messages.appName).toBe('Sensorn');
    expect(messages.removed.dashboard).toBe('Borta');
    expect(messages.removed.device).toBe(svMessages.removed.device);
    expect(svMessages.removed.cartItem).toBe('Artiklen togs bort');
  });

  it('skips undefined overrides and uses an overridden template', () => {
    const messages = createMessages({ titleTemplate: '%s | Sensorn', appName: undefined });
    expect(messages.appName).toBe('Mätnät');
    expect(formatTitle('Karta', messages)).toBe('Karta | Sensorn');
  });

  it('spec §8: the generic form error stays in English as the spec writes it', () => {
    expect(svMessages.genericError).toBe(
      'Something went wrong. Please try again or contact customer support.',
    );
  });
});
