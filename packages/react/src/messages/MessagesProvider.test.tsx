import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMessageGroups, useMessages } from './context';
import { en } from './en';
import { MessagesProvider, mergeMessages } from './MessagesProvider';
import { sv, svLocale, svMap, svPanel, svTimeFilter } from './sv';

function Probe() {
  const m = useMessages();
  return (
    <p>
      {m.dialog.dangerConfirm}|{m.dialog.cancel}|{m.impersonation.loggedInAs('Anna')}
    </p>
  );
}

const PANEL_SWEDISH = { locale: svLocale, panel: svPanel };

/** What a panel reads: its own groups (useMessageGroups). */
function PanelProbe() {
  const m = useMessageGroups(PANEL_SWEDISH);
  return (
    <p>
      {m.locale}|{m.panel.loading}|{m.panel.downloadCsv}
    </p>
  );
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

afterEach(cleanup);

describe('messages', () => {
  it('defaults to Swedish without a provider', () => {
    render(<Probe />);
    expect(screen.getByText('Ta bort|Avbryt|Du är just nu inloggad som Anna')).toBeTruthy();
  });

  it('the English pack translates every Swedish key', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(sv).sort());
  });

  it('switches to the English pack', () => {
    render(
      <MessagesProvider messages={en}>
        <Probe />
      </MessagesProvider>,
    );
    expect(screen.getByText('Delete|Cancel|You are currently signed in as Anna')).toBeTruthy();
  });

  it('merges a partial override over the surrounding messages, keeping the other strings', () => {
    render(
      <MessagesProvider messages={{ dialog: { cancel: 'Stäng' } }}>
        <Probe />
      </MessagesProvider>,
    );
    expect(screen.getByText('Ta bort|Stäng|Du är just nu inloggad som Anna')).toBeTruthy();
  });

  it('nested providers stack: English below, one string overridden', () => {
    render(
      <MessagesProvider messages={en}>
        <MessagesProvider messages={{ impersonation: { loggedInAs: (name: string) => `Acting as ${name}` } }}>
          <Probe />
        </MessagesProvider>
      </MessagesProvider>,
    );
    expect(screen.getByText('Delete|Cancel|Acting as Anna')).toBeTruthy();
  });

  it("a widget's own groups (useMessageGroups, what the script tags read): Swedish without a provider, the provider's pack and overrides with one", () => {
    expect({ locale: svLocale, timeFilter: svTimeFilter, panel: svPanel, map: svMap }).toEqual({
      locale: sv.locale,
      timeFilter: sv.timeFilter,
      panel: sv.panel,
      map: sv.map,
    });
    render(<PanelProbe />);
    expect(screen.getByText('sv-SE|Laddar…|Ladda ner CSV')).toBeTruthy();
    cleanup();
    render(
      <MessagesProvider messages={en}>
        <MessagesProvider messages={{ panel: { downloadCsv: 'CSV' } }}>
          <PanelProbe />
        </MessagesProvider>
      </MessagesProvider>,
    );
    expect(screen.getByText('en-GB|Loading…|CSV')).toBeTruthy();
  });

  it('mergeMessages leaves the base untouched', () => {
    const merged = mergeMessages(sv, { shop: { total: 'Totalt' } });
    expect(merged.shop.total).toBe('Totalt');
    expect(merged.shop.cart).toBe('Varukorg');
    expect(sv.shop.total).toBe('Summa');
  });
});
