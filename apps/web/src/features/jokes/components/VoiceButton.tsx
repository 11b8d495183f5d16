import PauseCircleOutlined from '@ant-design/icons/PauseCircleOutlined';
import SoundOutlined from '@ant-design/icons/SoundOutlined';
import { Button, Tag } from 'antd';
import { useVoiceNarration } from '../hooks/use-voice-narration';

/**
 * Reads the joke aloud (SPEC 4 voice playback): Listen, a spinner while the
 * speech is requested, Stop while it plays. Non-subscribers see a PRO badge;
 * the space before it keeps the accessible name "Listen PRO", not "ListenPRO".
 */
export function VoiceButton({ text }: { text: string }) {
  const { status, toggle, isLocked } = useVoiceNarration(text);
  const playing = status === 'playing';
  const loading = status === 'loading';

  return (
    <Button
      icon={playing ? <PauseCircleOutlined aria-hidden /> : <SoundOutlined aria-hidden />}
      loading={loading}
      aria-busy={loading}
      onClick={() => void toggle()}
    >
      {playing ? 'Stop' : 'Listen'}
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
