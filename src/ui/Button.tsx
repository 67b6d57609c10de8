import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Spinner } from './Spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'plain' | 'danger';
export type ButtonShape = 'default' | 'round' | 'circle';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonBaseProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner (in place of `icon`), sets aria-busy and ignores clicks; the button stays focusable. */
  loading?: boolean;
  icon?: ReactNode;
  /** Where the icon or the loading spinner goes relative to the label. */
  iconPosition?: 'start' | 'end';
  /** Stretches to the full inline size of its container. */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A circle button has no visible text, so its accessible name is required by type. */
export type ButtonProps = ButtonBaseProps &
  ({ shape?: 'default' | 'round'; 'aria-label'?: string } | { shape: 'circle'; 'aria-label': string });

/** The one button of the app (spec §4): variants, shapes, sizes, loading and disabled states. Ref forwarded (React 19 `ref` prop). */
export function Button({
  variant = 'secondary',
  shape = 'default',
  size = 'md',
  loading = false,
  icon,
  iconPosition = 'start',
  block = false,
  type = 'button',
  disabled,
  className,
  children,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Native `disabled` already swallows clicks; loading keeps focus, so guard here too.
    if (loading || disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  const adornment = loading ? <Spinner size="sm" className="button__spinner" /> : icon;
  const adornmentNode = adornment ? <span className="button__icon">{adornment}</span> : null;
  const classes = [
    'button',
    `button--${variant}`,
    `button--${shape}`,
    `button--${size}`,
    block && 'button--block',
    loading && 'button--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      data-loading={loading || undefined}
      onClick={handleClick}
    >
      {iconPosition === 'start' && adornmentNode}
      {children != null && children !== false && <span className="button__label">{children}</span>}
      {iconPosition === 'end' && adornmentNode}
    </button>
  );
}
