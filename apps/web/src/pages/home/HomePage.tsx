import { Tag, Typography } from 'antd';
import { JokeCard } from '../../features/jokes/components/JokeCard';
import { useJokeGeneration } from '../../features/jokes/hooks/use-joke-generation';
import { usePromptAutoOpen } from '../../features/subscription/hooks/use-prompt-auto-open';
import { useAuth } from '../../shared/auth/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { JokeGenerator } from './JokeGenerator';
import './home-page.css';

/** Composes the catalogue and jokes features: features never import each other. */
export function HomePage() {
  useDocumentTitle();
  const { user, isSubscribed } = useAuth();
  const { joke, isGenerating, generate } = useJokeGeneration();
  usePromptAutoOpen();

  return (
    <div className="home-page">
      <header className="home-page__hero">
        <Typography.Title level={1} className="home-page__title">
          AI Stand-Up Joke Generator
        </Typography.Title>
        <Typography.Paragraph className="home-page__tagline">
          Pick a comedian, name a topic, and get a fresh joke written in their style.
        </Typography.Paragraph>
        {user && (
          <Tag color={isSubscribed ? 'green' : 'default'} aria-label={`Subscription: ${isSubscribed ? 'Active' : 'Inactive'}`}>
            {isSubscribed ? 'Active' : 'Inactive'}
          </Tag>
        )}
      </header>
      <JokeGenerator isGenerating={isGenerating} onGenerate={generate} />
      <JokeCard joke={joke} isLoading={isGenerating} />
    </div>
  );
}
