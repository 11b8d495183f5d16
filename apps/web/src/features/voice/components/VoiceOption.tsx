import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import type { Voice } from '@jokes/contracts';
import { Radio, Tag, Typography } from 'antd';
import { VoicePreviewButton } from './VoicePreviewButton';

const GENDER_LABEL = { male: 'Male', female: 'Female' } as const;

/** One voice: chosen with its radio, marked when selected, with its own preview. */
export function VoiceOption({ voice, selected }: { voice: Voice; selected: boolean }) {
  return (
    <li className={`voice-option${selected ? ' voice-option--selected' : ''}`}>
      <div className="voice-option__head">
        <Radio value={voice.id} className="voice-option__name">
          {voice.name}
        </Radio>
        <Tag color={voice.gender === 'female' ? 'magenta' : 'blue'}>{GENDER_LABEL[voice.gender]}</Tag>
        {selected && (
          <span className="voice-option__selected">
            <CheckCircleFilled aria-hidden /> Selected
          </span>
        )}
      </div>
      <Typography.Paragraph type="secondary" className="voice-option__description">
        {voice.description}
      </Typography.Paragraph>
      <VoicePreviewButton voice={voice} />
    </li>
  );
}
