import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { useMessages } from '../messages';
import { Icon, type IconName } from './icons';

export type ButtonVariant = 'primary' | 'secondary' | 'edit' | 'remove' | 'back' | 'borderless';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'primary' */
  variant?: ButtonVariant;
  /**
   * The button's text; `children` win over it. Without either, edit, remove and back buttons show only
   * their icon and take their accessible name from the messages.
   * @default undefined
   */
  text?: ReactNode;
}

const icons: Partial<Record<ButtonVariant, IconName>> = {
  edit: 'pencil',
  remove: 'trash',
  back: 'arrow-left',
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', text, children, className, type = 'button', ...rest },
  ref,
) {
  const m = useMessages();
  const content = children ?? text;
  const icon = icons[variant];
  const iconOnly = content == null || content === '';
  const fallbackName =
    variant === 'edit'
      ? m.ui.edit
      : variant === 'remove'
        ? m.ui.remove
        : variant === 'back'
          ? m.ui.back
          : undefined;
  const classes = ['matnat-button', `matnat-button--${variant}`];
  if (iconOnly && icon) classes.push('matnat-button--icon-only');
  if (className) classes.push(className);
  return (
    <button
      ref={ref}
      type={type}
      className={classes.join(' ')}
      aria-label={iconOnly && !rest['aria-label'] ? fallbackName : rest['aria-label']}
      {...rest}
    >
      {icon && <Icon name={icon} />}
      {!iconOnly && <span className="matnat-button__text">{content}</span>}
    </button>
  );
});
