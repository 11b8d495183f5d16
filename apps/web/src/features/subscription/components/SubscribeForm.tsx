import LockOutlined from '@ant-design/icons/LockOutlined';
import type { BillingConfig, PlanTypeValue } from '@jokes/contracts';
import { Alert, Button, Form, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useAuth } from '../../../shared/auth/use-auth';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useConfirmCardMutation, useGetBillingConfigQuery } from '../api/billing.api';
import { useSubscribe } from '../hooks/use-subscribe';
import { pricing } from '../pricing';
import { SUBSCRIBE_MESSAGES, type CardConfirmer, providerFailureMessage } from '../utils/subscribe-flow';
import { LocalCardFields, type CardValues } from './LocalCardFields';
import { PlanPicker } from './PlanPicker';
import { PromoCodeField } from './PromoCodeField';
import { SubscribeSuccess } from './SubscribeSuccess';
import './subscribe.css';

// Stripe.js and its React bindings load only when Stripe confirms cards.
const StripeCardSection = lazy(() =>
  import('../stripe/StripeCardSection').then((module) => ({ default: module.StripeCardSection })),
);

interface SubscribeValues extends CardValues {
  plan: PlanTypeValue;
  promoCode?: string;
}

const INITIAL_VALUES: SubscribeValues = { plan: 'monthly' };

function PaymentSystemError() {
  return (
    <Alert
      type="error"
      showIcon
      title={SUBSCRIBE_MESSAGES.systemError}
      description="The payment system could not be started. Please refresh the page or try again later."
    />
  );
}

function AlreadyPro() {
  return (
    <Alert
      type="success"
      showIcon
      title="You already have Pro"
      description={
        <>
          Manage your plan from your account. <ButtonLink to="/account" type="link">Go to my account</ButtonLink>
        </>
      }
    />
  );
}

function TestCards({ cards }: { cards: BillingConfig['testCards'] }) {
  if (cards.length === 0) return null;
  return (
    <details className="subscribe__test-cards">
      <summary>Test cards (no real payments here)</summary>
      <ul>
        {cards.map((card) => (
          <li key={card.number}>
            <code>{card.number}</code>: {card.outcome}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** SPEC 2 '/subscribe' for a signed-in user: plan, card, promo code, Subscribe Now. */
export function SubscribeForm() {
  const { user, isSubscribed } = useAuth();
  const [form] = Form.useForm<SubscribeValues>();
  const plan = Form.useWatch('plan', form) ?? INITIAL_VALUES.plan;
  const config = useGetBillingConfigQuery();
  const [confirmCard] = useConfirmCardMutation();
  const stripeConfirmer = useRef<CardConfirmer | null>(null);
  const [stripeFailed, setStripeFailed] = useState(false);
  const onStripeFailed = useCallback(() => setStripeFailed(true), []);
  const { state, subscribe } = useSubscribe();

  const provider = config.data?.provider;
  const publishableKey = config.data?.publishableKey ?? null;
  const initFailed = config.isError || stripeFailed || (provider === 'stripe' && publishableKey === null);

  /** Who confirms the card: the local form's values, Stripe.js once loaded, or nobody yet. */
  const confirmerFor = (values: SubscribeValues): CardConfirmer | null => {
    if (initFailed) return null;
    if (provider === 'stripe') return stripeConfirmer.current;
    if (provider !== 'local') return null;
    return {
      readiness: () => 'ready',
      confirm: async ({ clientSecret }) => {
        try {
          await confirmCard({ clientSecret, cardNumber: values.cardNumber ?? '', expiry: values.expiry ?? '', cvc: values.cvc ?? '' }).unwrap();
          return { ok: true };
        } catch (error) {
          return { ok: false, message: providerFailureMessage(error) };
        }
      },
    };
  };

  if (state.status === 'success') return <SubscribeSuccess trial={state.trial} />;
  if (user === null) return null;
  if (isSubscribed && state.status === 'idle') return <AlreadyPro />;

  const processing = state.status === 'processing';
  return (
    <Form<SubscribeValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={INITIAL_VALUES}
      onFinish={(values) => void subscribe({ plan: values.plan, promoCode: values.promoCode }, confirmerFor(values))}
      disabled={processing}
      className="subscribe"
    >
      <Form.Item name="plan" label="Choose your plan">
        <PlanPicker />
      </Form.Item>
      <Typography.Paragraph type="secondary">{pricing.trialDays}-day free trial, cancel anytime.</Typography.Paragraph>

      {initFailed ? (
        <PaymentSystemError />
      ) : provider === 'local' ? (
        <LocalCardFields />
      ) : provider === 'stripe' && publishableKey !== null ? (
        <Suspense fallback={<Skeleton.Input active block />}>
          <StripeCardSection
            publishableKey={publishableKey}
            email={user.email}
            confirmerRef={stripeConfirmer}
            onInitFailed={onStripeFailed}
          />
        </Suspense>
      ) : (
        <Skeleton.Input active block aria-label="Loading the payment form" />
      )}

      <PromoCodeField plan={plan} />

      {state.status === 'error' && <Alert type="error" showIcon title={state.message} className="subscribe__error" />}

      <Button type="primary" htmlType="submit" size="large" block loading={processing} icon={<LockOutlined aria-hidden />}>
        Subscribe Now
      </Button>
      <TestCards cards={config.data?.testCards ?? []} />
    </Form>
  );
}
