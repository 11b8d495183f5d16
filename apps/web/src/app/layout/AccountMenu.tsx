import UserOutlined from '@ant-design/icons/UserOutlined';
import { Button, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ANALYST_ROLES, hasAnyRole, SUPPORT_ROLES } from '../../shared/auth/roles';
import { useAuth } from '../../shared/auth/use-auth';
import { MenuButton } from '../../shared/ui/MenuButton';
import { AccountLabel } from './AccountMenuPlaceholder';

/** SPEC 5: dropdown values are never empty strings, so every item has a real key. */
export const ACCOUNT_MENU_KEYS = {
  account: 'account',
  voice: 'voice-settings',
  support: 'support-subscriptions',
  reports: 'support-reports',
  analytics: 'analytics',
  logout: 'logout',
} as const;

const PATHS: Partial<Record<string, string>> = {
  [ACCOUNT_MENU_KEYS.account]: '/account',
  [ACCOUNT_MENU_KEYS.voice]: '/voice-settings',
  [ACCOUNT_MENU_KEYS.support]: '/support/subscriptions',
  [ACCOUNT_MENU_KEYS.reports]: '/support/reports',
  [ACCOUNT_MENU_KEYS.analytics]: '/analytics',
};

/**
 * SPEC 2: the logged-in user's menu, labelled with the e-mail. Loaded lazily:
 * antd's Dropdown and Menu are not needed by logged-out visitors.
 */
export function AccountMenu({ email }: { email: string }) {
  const { user, signOut, loading } = useAuth();
  const navigate = useNavigate();
  // Staff pages (DESIGN 11) for those whose synced roles allow them.
  const staffItems: NonNullable<MenuProps['items']> = [
    ...(hasAnyRole(user, SUPPORT_ROLES)
      ? [
          { key: ACCOUNT_MENU_KEYS.support, label: 'Subscription Audit' },
          { key: ACCOUNT_MENU_KEYS.reports, label: 'Reported Jokes' },
        ]
      : []),
    ...(hasAnyRole(user, ANALYST_ROLES) ? [{ key: ACCOUNT_MENU_KEYS.analytics, label: 'Analytics Dashboard' }] : []),
  ];

  const items: MenuProps['items'] = [
    // On phones and tablets the button is only an icon: the e-mail heads the menu (top-bar.css).
    {
      type: 'group',
      label: email,
      className: 'account-menu__who',
      children: [
        { key: ACCOUNT_MENU_KEYS.account, label: 'My Account' },
        { key: ACCOUNT_MENU_KEYS.voice, label: 'Voice Settings' },
      ],
    },
    ...(staffItems.length > 0 ? [{ type: 'divider' as const }, ...staffItems] : []),
    { type: 'divider' },
    { key: ACCOUNT_MENU_KEYS.logout, label: 'Logout', disabled: loading },
  ];

  // Navigation happens on the item, not on a link inside it: Enter on a menu item
  // (keyboard) runs onClick and would never reach an inner link.
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const path = PATHS[key];
    if (path) void navigate(path);
    else if (key === ACCOUNT_MENU_KEYS.logout) void signOut().then(() => navigate('/'));
  };

  return (
    <MenuButton menu={{ items, onClick }} placement="bottomRight">
      <Button className="top-bar__account" icon={<UserOutlined aria-hidden />}>
        <AccountLabel email={email} />
      </Button>
    </MenuButton>
  );
}
