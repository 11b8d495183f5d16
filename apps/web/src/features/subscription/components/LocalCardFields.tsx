import { Col, Form, Input, Row, type FormRule } from 'antd';
import {
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardFieldProblem,
} from '../utils/card-input';

export interface CardValues {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
}

/**
 * Two rules per field: a problem no more typing can fix shows as soon as it
 * appears; "incomplete" only once the field is left, or the form sent (every
 * rule runs then), so nobody is told off halfway through typing.
 */
function cardRules(problemOf: (value: string) => CardFieldProblem | null): FormRule[] {
  const check = (kind: CardFieldProblem['kind']) => async (_rule: unknown, value: string | undefined) => {
    const problem = problemOf(value ?? '');
    if (problem?.kind === kind) throw new Error(problem.message);
  };
  // The kinds exclude each other, so a field never shows two messages.
  return [
    { validator: check('invalid'), validateTrigger: ['onChange', 'onBlur'] },
    { validator: check('incomplete'), validateTrigger: 'onBlur' },
  ];
}

/** The local provider's card form (README 'Billing'): formatted as typed, checked as Stripe checks. */
export function LocalCardFields() {
  const form = Form.useFormInstance<CardValues>();

  return (
    <fieldset className="subscribe__card">
      <legend className="subscribe__legend">Card details</legend>
      <Form.Item
        name="cardNumber"
        label="Card number"
        validateTrigger={['onChange', 'onBlur']}
        normalize={(value: string) => formatCardNumber(value)}
        rules={cardRules(cardNumberProblem)}
      >
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="expiry"
            label="Expiry date"
            validateTrigger={['onChange', 'onBlur']}
            normalize={(value: string) => formatExpiry(value)}
            rules={cardRules((value) => expiryProblem(value, new Date()))}
          >
            <Input inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="cvc"
            label="CVC"
            validateTrigger={['onChange', 'onBlur']}
            normalize={(value: string) => formatCvc(value, form.getFieldValue('cardNumber') ?? '')}
            rules={cardRules((value) => cvcProblem(value, form.getFieldValue('cardNumber') ?? ''))}
          >
            <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}
