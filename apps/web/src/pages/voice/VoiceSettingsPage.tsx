import SoundOutlined from '@ant-design/icons/SoundOutlined';
import { Typography } from 'antd';
import { RequirePro } from '../../features/subscription/components/RequirePro';
import { VoiceSettings } from '../../features/voice/components/VoiceSettings';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { Panel } from '../../shared/ui/Panel';

/** SPEC 2 '/voice-settings', gated like /history: choose the voice that reads the jokes aloud. */
export function VoiceSettingsPage() {
  useDocumentTitle('Voice Settings');
  return (
    <RequirePro>
      <div style={{ maxWidth: 820, margin: '0 auto' }}>
        <Panel>
          <Typography.Title level={1} style={{ fontSize: 28 }}>
            <SoundOutlined aria-hidden /> Voice Settings
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Choose the voice that reads your jokes aloud. Press Preview to hear each one.
          </Typography.Paragraph>
          <VoiceSettings />
        </Panel>
      </div>
    </RequirePro>
  );
}
