import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & {
  to: string;
  onNavigate?: () => void;
};

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A link that looks like an antd button: a real <a href> (open in new tab,
 * copy link) that navigates inside the app without a reload.
 */
export function ButtonLink({ to, onNavigate, ...buttonProps }: ButtonLinkProps) {
  const navigate = useNavigate();

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (opensElsewhere(event)) return;
    event.preventDefault();
    onNavigate?.();
    void navigate(to);
  };

  return <Button {...buttonProps} href={to} onClick={handleClick} />;
}
