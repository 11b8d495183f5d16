import GiftOutlined from '@ant-design/icons/GiftOutlined';
import { PLAN_PRICES } from '@jokes/domain';
import type { PlanTypeValue } from '@jokes/contracts';
import { Form, Input, Tag } from 'antd';
import { discountedPrice, promoHighlight } from '../utils/promo-code';

/** SPEC 5: optional and trimmed; ROCKY17 in any casing is highlighted as a discount. */
export function PromoCodeField({ plan }: { plan: PlanTypeValue }) {
  const code = Form.useWatch<string | undefined>('promoCode');
  const highlight = promoHighlight(code);
  const period = plan === 'yearly' ? 'year' : 'month';

  return (
    <Form.Item
      name="promoCode"
      label="Promo code (optional)"
      validateStatus={highlight ? 'success' : undefined}
      extra={
        highlight && (
          <span role="status" className="promo-code__discount">
            <Tag color="green" icon={<GiftOutlined aria-hidden />}>
              {highlight.code}: {highlight.percentOff}% off
            </Tag>
            {discountedPrice(PLAN_PRICES[plan].amount, highlight.percentOff)}/{period} with this code
          </span>
        )
      }
    >
      <Input autoComplete="off" placeholder="Enter a code" maxLength={64} />
    </Form.Item>
  );
}
