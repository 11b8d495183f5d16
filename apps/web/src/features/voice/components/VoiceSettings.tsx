import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { Alert, Button, Radio, Skeleton, Typography } from 'antd';
import { useSaveVoice } from '../hooks/use-save-voice';
import { useVoiceChoice } from '../hooks/use-voice-choice';
import { GENDER_FILTER_OPTIONS, type GenderFilterValue } from '../utils/voice-filter';
import { VoiceOption } from './VoiceOption';
import './voice-settings.css';

interface VoiceSettingsProps {
  /** What "reload the page" does (SPEC 8); the browser's reload unless a test says otherwise. */
  reload?: () => void;
}

/** SPEC 2 '/voice-settings': the voice list, its gender filter, a preview per voice and Save Voice Preference. */
export function VoiceSettings({ reload }: VoiceSettingsProps) {
  const choice = useVoiceChoice();
  const { save, isSaving } = useSaveVoice(reload);

  if (choice.isLoading) return <Skeleton active aria-label="Loading voices" paragraph={{ rows: 4 }} />;
  if (choice.isError || choice.voices === undefined) {
    return <Alert type="error" showIcon title="The voices could not be loaded. Please reload the page." />;
  }

  return (
    <div className="voice-settings">
      {choice.voices.requiresSubscription && (
        <Alert type="info" showIcon title="Voice narration is available for premium subscribers only" />
      )}
      <div className="voice-settings__filter">
        <Typography.Text id="voice-gender-label">Gender</Typography.Text>
        <Radio.Group
          aria-labelledby="voice-gender-label"
          optionType="button"
          options={GENDER_FILTER_OPTIONS.map(({ value, label }) => ({ value, label }))}
          value={choice.gender}
          onChange={(event) => choice.setGender(event.target.value as GenderFilterValue)}
        />
      </div>
      <Radio.Group
        aria-label="Voices"
        className="voice-settings__list"
        value={choice.selectedId}
        onChange={(event) => choice.choose(event.target.value as string)}
      >
        {choice.shown.length === 0 ? (
          <Typography.Paragraph type="secondary">No voices match this filter.</Typography.Paragraph>
        ) : (
          <ul aria-label="Voice list">
            {choice.shown.map((voice) => (
              <VoiceOption key={voice.id} voice={voice} selected={voice.id === choice.selectedId} />
            ))}
          </ul>
        )}
      </Radio.Group>
      <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={isSaving} onClick={() => void save(choice.selected)}>
        Save Voice Preference
      </Button>
    </div>
  );
}
