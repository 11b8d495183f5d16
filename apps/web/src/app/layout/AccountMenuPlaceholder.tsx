import DownOutlined from '@ant-design/icons/DownOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Button } from 'antd';

/**
 * The account button's text: the e-mail and a caret. On phones and tablets
 * top-bar.css hides it from view only, so the icon-sized button keeps the
 * e-mail as its name for screen readers.
 */
export function AccountLabel({ email }: { email: string }) {
  return (
    <span className="top-bar__account-label">
      <span className="top-bar__email">{email}</span> <DownOutlined aria-hidden />
    </span>
  );
}

/** Shown while the menu's chunk loads: the same button, inert. */
export function AccountMenuPlaceholder({ email }: { email: string }) {
  return (
    <Button className="top-bar__account" icon={<UserOutlined aria-hidden />} disabled>
      <AccountLabel email={email} />
    </Button>
  );
}
