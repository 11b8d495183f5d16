import SoundOutlined from '@ant-design/icons/SoundOutlined';
import { Button, Tag } from 'antd';
import { useVoiceNarration } from '../hooks/use-voice-narration';

/**
 * Reads the joke aloud; shows a PRO badge to non-subscribers. The space before
 * the badge keeps the accessible name "Listen PRO" rather than "ListenPRO".
 */
export function VoiceButton() {
  const { play, isLocked } = useVoiceNarration();

  return (
    <Button icon={<SoundOutlined aria-hidden />} onClick={play}>
      Listen
      {isLocked && (
        <>
          {' '}
          <Tag color="purple" className="joke-card__pro-badge">
            PRO
          </Tag>
        </>
      )}
    </Button>
  );
}
