import DownOutlined from '@ant-design/icons/DownOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Button } from 'antd';

/** Shown while the menu's chunk loads: the same button, inert. */
export function AccountMenuPlaceholder({ email }: { email: string }) {
  return (
    <Button icon={<UserOutlined aria-hidden />} disabled>
      <span className="top-bar__email">{email}</span> <DownOutlined aria-hidden />
    </Button>
  );
}
