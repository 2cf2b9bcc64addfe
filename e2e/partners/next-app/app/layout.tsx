import type { ReactNode } from 'react';

export const metadata = { title: 'Partnerns instrumentpanel' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="sv">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 0 }}>{children}</body>
    </html>
  );
}
