import SmileOutlined from '@ant-design/icons/SmileOutlined';
import { TOPIC_MAX_LENGTH } from '@jokes/contracts';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { useLayoutEffect } from 'react';
import { ComedianSelect } from '../../features/catalogue/components/ComedianSelect';
import { LengthSelect } from '../../features/catalogue/components/LengthSelect';
import { useCatalogueOptions, useDefaultComedian, useMakeMeLaughPick } from '../../features/catalogue/hooks/use-catalogue-options';
import type { GeneratedJoke } from '../../features/jokes/api/jokes.api';
import type { JokeRequest } from '../../features/jokes/hooks/use-joke-generation';
import { Panel } from '../../shared/ui/Panel';

/** The form's fields are the request's (empty until chosen), the length always set. */
type GeneratorValues = Partial<Pick<JokeRequest, 'comedian_style' | 'topic'>> & Required<Pick<JokeRequest, 'length'>>;

interface JokeGeneratorProps {
  isGenerating: boolean;
  onGenerate: (request: JokeRequest) => Promise<GeneratedJoke | null>;
}

const INITIAL_VALUES: GeneratorValues = { length: 'short', topic: '' };

/** The generator form: comedian style, length, topic, Generate Joke and Make Me Laugh. */
export function JokeGenerator({ isGenerating, onGenerate }: JokeGeneratorProps) {
  const [form] = Form.useForm<GeneratorValues>();
  const { isError: catalogueFailed, isLoading: catalogueLoading } = useCatalogueOptions();
  const makeMeLaugh = useMakeMeLaughPick();
  const startingComedian = useDefaultComedian();

  // A first visit can press Generate Joke without choosing: the selector starts
  // on a free comedian once the catalogue is in. A layout effect, so the value
  // is there in the same commit that enables the button (no press in between
  // finds the field empty); a choice already made is kept.
  useLayoutEffect(() => {
    if (startingComedian !== undefined && !form.getFieldValue('comedian_style')) {
      form.setFieldValue('comedian_style', startingComedian);
    }
  }, [form, startingComedian]);

  const handleFinish = ({ comedian_style = '', length, topic = '' }: GeneratorValues) => {
    void onGenerate({ comedian_style, length, topic: topic.trim() });
  };

  // SPEC 9: a random listed comedian, short, no topic; the server suggests the
  // topic (which then fills the field) and skips the premium check.
  const handleMakeMeLaugh = async () => {
    const comedian = makeMeLaugh.pick();
    if (comedian === undefined) return;
    const joke = await onGenerate({
      comedian_style: comedian,
      length: 'short',
      topic: '',
      ai_suggest_topic: true,
      bypass_premium_check: true,
    });
    // The form then shows what the card names: the style and the suggested topic.
    if (joke) form.setFieldsValue({ comedian_style: joke.comedian_style, topic: joke.topic });
  };

  return (
    <Panel>
      {catalogueFailed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="The comedian list could not be loaded. Please reload the page."
        />
      )}
      <Form<GeneratorValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={INITIAL_VALUES}
        onFinish={handleFinish}
      >
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item
              name="comedian_style"
              label="Comedian style"
              rules={[{ required: true, message: 'Please choose a comedian style' }]}
            >
              <ComedianSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="length" label="Joke length">
              <LengthSelect />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="topic" label="Topic">
          <Input placeholder="e.g. airline food, dating apps, Mondays" maxLength={TOPIC_MAX_LENGTH} allowClear />
        </Form.Item>
        <div className="home-page__buttons">
          {/* Held while the catalogue loads: the starting comedian is not known yet. */}
          <Button type="primary" htmlType="submit" size="large" loading={isGenerating} disabled={catalogueLoading}>
            Generate Joke
          </Button>
          <Button
            size="large"
            icon={<SmileOutlined aria-hidden />}
            onClick={() => void handleMakeMeLaugh()}
            disabled={isGenerating || !makeMeLaugh.ready}
          >
            Make Me Laugh
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
