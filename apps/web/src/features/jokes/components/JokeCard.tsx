import FlagOutlined from '@ant-design/icons/FlagOutlined';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import { Button, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Panel } from '../../../shared/ui/Panel';
import type { GeneratedJoke } from '../api/jokes.api';
import { JokeRating } from './JokeRating';
import { VoiceButton } from './VoiceButton';
import './joke-card.css';

// The share menu (antd Dropdown and Menu) is needed only once a joke is shown.
const ShareMenu = lazy(() => import('./ShareMenu').then((module) => ({ default: module.ShareMenu })));

// The report dialog (antd Modal, Form, Radio) likewise, and only a few readers ever open it.
const ReportJokeDialog = lazy(() => import('./ReportJokeDialog').then((module) => ({ default: module.ReportJokeDialog })));

const reportFallback = (
  <Button icon={<FlagOutlined aria-hidden />} disabled>
    Report
  </Button>
);

const shareMenuFallback = (
  <Button icon={<ShareAltOutlined aria-hidden />} disabled>
    Share
  </Button>
);

interface JokeCardProps {
  joke: GeneratedJoke | null;
  isLoading: boolean;
}

function JokeView({ joke }: { joke: GeneratedJoke }) {
  return (
    <>
      <blockquote className="joke-card__content">{joke.content}</blockquote>
      <Typography.Paragraph type="secondary" className="joke-card__meta">
        {`Style: ${joke.comedian_style} • Topic: ${joke.topic}`}
      </Typography.Paragraph>
      <div className="joke-card__actions">
        <JokeRating joke={joke} />
        <div className="joke-card__buttons">
          <VoiceButton text={joke.content} />
          <Suspense fallback={shareMenuFallback}>
            <ShareMenu joke={joke} />
          </Suspense>
          <Suspense fallback={reportFallback}>
            <ReportJokeDialog jokeId={joke.id} />
          </Suspense>
        </div>
      </div>
    </>
  );
}

/**
 * What a screen reader hears when the card changes: a polite status of its
 * own, outside the busy section (a live region inside one is held back), so
 * the joke is read without the card's stars and buttons.
 */
function JokeAnnouncement({ joke, isLoading }: JokeCardProps) {
  const text = isLoading ? 'Writing your joke…' : joke ? `New joke in the style of ${joke.comedian_style}: ${joke.content}` : '';
  return (
    <p role="status" className="visually-hidden">
      {text}
    </p>
  );
}

/** SPEC 2 'Joke card': a loading placeholder, the joke, or an invitation to generate one. */
export function JokeCard({ joke, isLoading }: JokeCardProps) {
  return (
    <Panel className="joke-card">
      <JokeAnnouncement joke={joke} isLoading={isLoading} />
      <section aria-label="Your joke" aria-busy={isLoading}>
        {isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : joke ? (
          // Keyed by joke: a new joke starts unrated.
          <JokeView key={joke.id} joke={joke} />
        ) : (
          <Typography.Paragraph type="secondary" className="joke-card__empty">
            Generate a joke to get started!
          </Typography.Paragraph>
        )}
      </section>
    </Panel>
  );
}
