import type { ReactNode } from 'react';

/** The message above a form: an error (announced at once) or a confirmation (announced politely). */
export function FormMessage({
  tone,
  className = '',
  children,
}: {
  tone: 'error' | 'success';
  /** Extra classes, e.g. a grid placement. */
  className?: string;
  children: ReactNode;
}) {
  if (children == null || children === false) return null;
  return tone === 'error' ? (
    <p role="alert" className={`mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800 ${className}`}>
      {children}
    </p>
  ) : (
    <p role="status" className={`mb-4 rounded-md bg-teal-50 p-3 text-sm text-teal-900 ${className}`}>
      {children}
    </p>
  );
}
