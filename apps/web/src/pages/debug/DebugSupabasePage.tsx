import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { PublicConfig } from '@jokes/contracts';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '../../shared/store/hooks';
import { accountsApi } from '../../features/accounts/api/accounts.api';
import { useAuthRuntime } from '../../features/accounts/auth-client/auth-runtime';
import { AUTH_STORAGE_KEY } from '../../features/accounts/auth-client/create-auth-client';
import { buildMode } from '../../shared/config/environment';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { Panel } from '../../shared/ui/Panel';
import { resetBrowserState } from './clear-browser-state';

interface DebugInfo {
  config: PublicConfig | null;
  configError: string | null;
  session: { email: string | undefined; expiresAt: string | null } | null;
  storedSession: boolean;
  checkedAt: string;
}

const maskKey = (key: string) => (key.length <= 8 ? '••••' : `${key.slice(0, 6)}…${key.slice(-2)}`);

/** SPEC 2 '/debug-supabase': where auth lives and what this browser holds, for support. */
export function DebugSupabasePage() {
  useDocumentTitle('Auth Debug');
  const runtime = useAuthRuntime();
  const dispatch = useAppDispatch();
  const [info, setInfo] = useState<DebugInfo | null>(null);

  const refresh = useCallback(async () => {
    const request = dispatch(accountsApi.endpoints.getPublicConfig.initiate(undefined, { forceRefetch: true }));
    const [configResult, sessionResult] = await Promise.all([request, runtime.auth?.getSession().catch(() => null)]);
    request.unsubscribe();
    const session = sessionResult?.data.session ?? null;
    setInfo({
      config: configResult.data ?? null,
      configError: configResult.error ? (configResult.error.message ?? 'Failed to load') : null,
      session: session && {
        email: session.user.email,
        expiresAt: session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null,
      },
      storedSession: localStorage.getItem(AUTH_STORAGE_KEY) !== null,
      checkedAt: new Date().toISOString(),
    });
  }, [dispatch, runtime.auth]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const config = info?.config ?? runtime.config;

  return (
    <Panel>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Auth Debug
      </Typography.Title>
      {runtime.error && <Alert type="error" showIcon title={`Initialisation failed: ${runtime.error.message}`} style={{ marginBottom: 16 }} />}
      {info?.configError && <Alert type="warning" showIcon title={`Config: ${info.configError}`} style={{ marginBottom: 16 }} />}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Auth backend URL">{runtime.authUrl ?? 'Not available'}</Descriptions.Item>
        <Descriptions.Item label="Auth service">
          {config ? (config.supabaseUrl === null ? "The product's own (this origin, /auth/v1)" : 'Hosted Supabase project') : 'Unknown'}
        </Descriptions.Item>
        <Descriptions.Item label="Anon key">{config ? maskKey(config.supabaseAnonKey) : 'Unknown'}</Descriptions.Item>
        <Descriptions.Item label="Development mailbox">{config?.devMailbox ? 'Available' : 'Not available'}</Descriptions.Item>
        <Descriptions.Item label="Environment">{buildMode}</Descriptions.Item>
        <Descriptions.Item label="Origin">{window.location.origin}</Descriptions.Item>
        <Descriptions.Item label="Online">{navigator.onLine ? 'Yes' : 'No'}</Descriptions.Item>
        <Descriptions.Item label="Browser">{navigator.userAgent}</Descriptions.Item>
        <Descriptions.Item label="Session storage key">{AUTH_STORAGE_KEY}</Descriptions.Item>
        <Descriptions.Item label="Session stored">{info?.storedSession ? 'Yes' : 'No'}</Descriptions.Item>
        <Descriptions.Item label="Session">
          {info?.session ? `${info.session.email ?? 'no e-mail'}, expires ${info.session.expiresAt ?? 'never'}` : 'None'}
        </Descriptions.Item>
        <Descriptions.Item label="Checked at">{info?.checkedAt ?? '…'}</Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginTop: 16 }}>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refresh()}>
          Refresh Info
        </Button>
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => resetBrowserState()}>
          Reset &amp; Clear Cache
        </Button>
      </Space>
    </Panel>
  );
}
