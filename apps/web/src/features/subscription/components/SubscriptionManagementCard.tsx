import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import { Button, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useFocusOnHash } from '../../../shared/hooks/use-focus-on-hash';
import { useToast } from '../../../shared/toast/toast.context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Panel } from '../../../shared/ui/Panel';
import { SUBSCRIPTION_CARD_ID } from '../account-links';
import { useBillingPortal } from '../hooks/use-billing-portal';
import type { AccountSubscription } from '../hooks/use-account-subscription';
import { formatDate, planLabel, statusColor, statusLabel } from '../utils/subscription-display';

interface SubscriptionManagementCardProps {
  userId: string;
  subscription: AccountSubscription;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * SPEC 2 '/account' Subscription Management: the status details, Sync Status
 * (re-sync and read again), and Manage Subscription (the billing portal in a
 * new tab) for a subscriber or Subscribe Now for everyone else.
 */
export function SubscriptionManagementCard({ userId, subscription }: SubscriptionManagementCardProps) {
  const { detail, isLoading, isActive, hasSubscription, syncStatus } = subscription;
  const portal = useBillingPortal(userId);
  const { toast } = useToast();
  const [syncing, setSyncing] = useState(false);
  const sectionRef = useFocusOnHash<HTMLElement>(SUBSCRIPTION_CARD_ID);

  const handleSync = async () => {
    setSyncing(true);
    try {
      const result = await syncStatus();
      toast(
        result === 'none'
          ? { title: 'No Subscription Found', description: 'This account has no subscription yet.' }
          : { title: 'Subscription Synced', description: 'Your subscription status is up to date.' },
      );
    } catch {
      toast({ title: 'Retrieval Failed', description: 'We could not retrieve your subscription status. Please try again.', variant: 'destructive' });
    } finally {
      setSyncing(false);
    }
  };

  const status = detail?.status ?? null;
  return (
    <Panel>
      {/* Focusable, so a subscriber's Subscribe (SUBSCRIPTION_CARD_PATH) lands here. */}
      <section id={SUBSCRIPTION_CARD_ID} ref={sectionRef} tabIndex={-1} aria-labelledby="subscription-management-title">
        <Typography.Title level={2} id="subscription-management-title" style={{ fontSize: 20 }}>
          Subscription Management
        </Typography.Title>
        {isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        ) : (
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Plan">{hasSubscription ? `Pro (${planLabel(detail?.plan ?? null)})` : 'Free'}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={statusColor(status)}>{statusLabel(status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Active">{yesNo(isActive)}</Descriptions.Item>
            <Descriptions.Item label="Current period end">{formatDate(detail?.currentPeriodEnd ?? null)}</Descriptions.Item>
            <Descriptions.Item label="Cancels at period end">{yesNo(detail?.cancelAtPeriodEnd ?? false)}</Descriptions.Item>
          </Descriptions>
        )}
        {!hasSubscription && (
          <Typography.Paragraph type="secondary">
            Unlock every comedian style, all joke lengths, joke history and voice narration.
          </Typography.Paragraph>
        )}
        <Space wrap>
          {hasSubscription ? (
            <Button type="primary" icon={<SettingOutlined aria-hidden />} loading={portal.isOpening} onClick={() => void portal.open()}>
              Manage Subscription
            </Button>
          ) : (
            <ButtonLink to="/subscribe" type="primary">
              Subscribe Now
            </ButtonLink>
          )}
          <Button icon={<SyncOutlined aria-hidden />} loading={syncing} onClick={() => void handleSync()}>
            Sync Status
          </Button>
        </Space>
      </section>
    </Panel>
  );
}
