import type { ReactNode } from 'react';

const paths = {
  pencil: <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />,
  trash: <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />,
  'arrow-left': <path d="M19 12H5M11 18l-6-6 6-6" />,
  'chevron-down': <path d="M6 9l6 6 6-6" />,
  'check-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12l3 3 5-6" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v6M12 16.5v.5" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6L6 18" />,
  bell: <path d="M6 16V11a6 6 0 1112 0v5l2 2H4l2-2zM10 20a2 2 0 004 0" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof paths;

interface IconProps {
  name: IconName;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  className?: string;
}

export function Icon({ name, label, className }: IconProps) {
  const classes = className ? `matnat-icon ${className}` : 'matnat-icon';
  if (label) {
    return (
      <svg viewBox="0 0 24 24" className={classes} data-icon={name} focusable="false" role="img">
        <title>{label}</title>
        {paths[name]}
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className={classes} data-icon={name} focusable="false" aria-hidden="true">
      {paths[name]}
    </svg>
  );
}
