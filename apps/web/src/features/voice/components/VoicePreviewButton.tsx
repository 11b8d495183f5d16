import PauseCircleOutlined from '@ant-design/icons/PauseCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import type { Voice } from '@jokes/contracts';
import { Button } from 'antd';
import { useVoicePreview } from '../hooks/use-voice-preview';

/** Preview, a spinner while the sample is requested, Stop while it plays. */
export function VoicePreviewButton({ voice }: { voice: Voice }) {
  const { status, toggle } = useVoicePreview(voice);
  const playing = status === 'playing';
  const loading = status === 'loading';

  return (
    <Button
      size="small"
      icon={playing ? <PauseCircleOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
      loading={loading}
      aria-busy={loading}
      aria-label={`${playing ? 'Stop' : 'Preview'} ${voice.name}`}
      onClick={() => void toggle()}
    >
      {playing ? 'Stop' : 'Preview'}
    </Button>
  );
}
