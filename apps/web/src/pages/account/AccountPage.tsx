import { Descriptions, Tabs, Tag, Typography } from 'antd';
import { ChangePasswordForm } from '../../features/accounts/components/ChangePasswordForm';
import { DangerZoneCard } from '../../features/accounts/components/DangerZoneCard';
import { MyDataCard } from '../../features/accounts/components/MyDataCard';
import { SubscriptionManagementCard } from '../../features/subscription/components/SubscriptionManagementCard';
import { useAccountSubscription } from '../../features/subscription/hooks/use-account-subscription';
import { RequireLogin } from '../../shared/auth/RequireLogin';
import { useAuth, type SessionUser } from '../../shared/auth/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { Panel } from '../../shared/ui/Panel';

function AccountDetails({ user }: { user: SessionUser }) {
  // SPEC 4: the account page counts only active and trialing subscriptions.
  const subscription = useAccountSubscription(user);
  const active = subscription.isActive;
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <Panel>
        <Typography.Title level={1} style={{ fontSize: 28 }}>
          My Account
        </Typography.Title>
        <Tabs
          items={[
            {
              key: 'profile',
              label: 'Profile',
              children: (
                <Descriptions column={1} size="middle">
                  <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
                  <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
                  <Descriptions.Item label="Subscription">
                    <Tag color={active ? 'green' : 'default'} aria-label={`Subscription: ${active ? 'Active' : 'Inactive'}`}>
                      {active ? 'Active' : 'Inactive'}
                    </Tag>
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            { key: 'password', label: 'Password', children: <ChangePasswordForm /> },
          ]}
        />
      </Panel>
      <SubscriptionManagementCard userId={user.id} subscription={subscription} />
      <MyDataCard userId={user.id} />
      <DangerZoneCard userId={user.id} />
    </div>
  );
}

function SignedInAccount() {
  const { user } = useAuth();
  return user ? <AccountDetails user={user} /> : null;
}

/** SPEC 2 '/account': login required; issue 11 adds the user's data and the account's deletion. */
export function AccountPage() {
  useDocumentTitle('My Account');
  return (
    <RequireLogin>
      <SignedInAccount />
    </RequireLogin>
  );
}
