import SoundOutlined from '@ant-design/icons/SoundOutlined';
import { Button, Tag } from 'antd';
import { useVoiceNarration } from '../hooks/use-voice-narration';

/** Reads the joke aloud; shows a PRO badge to non-subscribers. */
export function VoiceButton() {
  const { play, isLocked } = useVoiceNarration();

  return (
    <Button icon={<SoundOutlined />} onClick={play}>
      Listen
      {isLocked && (
        <Tag color="purple" className="joke-card__pro-badge">
          PRO
        </Tag>
      )}
    </Button>
  );
}
