import { Form, Input } from 'antd';
import { emailRules, passwordRules } from '../utils/credentials.rules';

/**
 * The e-mail and password fields the login and register forms share (SPEC 5
 * rules); only the password's autocomplete hint differs.
 */
export function CredentialFields({ passwordAutoComplete }: { passwordAutoComplete: 'current-password' | 'new-password' }) {
  return (
    <>
      <Form.Item name="email" label="Email" rules={emailRules}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Form.Item name="password" label="Password" rules={passwordRules()}>
        <Input.Password autoComplete={passwordAutoComplete} />
      </Form.Item>
    </>
  );
}
