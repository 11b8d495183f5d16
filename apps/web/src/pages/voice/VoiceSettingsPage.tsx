import SoundOutlined from '@ant-design/icons/SoundOutlined';
import { Typography } from 'antd';
import { RequirePro } from '../../features/subscription/components/RequirePro';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Panel } from '../../shared/ui/Panel';

/**
 * SPEC 2 '/voice-settings', gated like /history. Voice narration is not built
 * yet (no voices, no speech), so the page says so instead of showing a voice
 * list that could not play or save anything.
 */
export function VoiceSettingsPage() {
  useDocumentTitle('Voice Settings');
  return (
    <RequirePro>
      <div style={{ maxWidth: 640, margin: '0 auto' }}>
        <Panel>
          <Typography.Title level={1} style={{ fontSize: 28 }}>
            <SoundOutlined aria-hidden /> Voice Settings
          </Typography.Title>
          <Typography.Paragraph>
            Voice narration is coming soon. When it arrives you will pick the voice that reads your jokes aloud here,
            hear a preview of each one and save your choice.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            Your Pro subscription already includes it: there is nothing to set up until then.
          </Typography.Paragraph>
          <ButtonLink to="/" type="primary">
            Back to the jokes
          </ButtonLink>
        </Panel>
      </div>
    </RequirePro>
  );
}
