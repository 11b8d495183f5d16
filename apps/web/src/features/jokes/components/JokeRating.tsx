import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { Typography } from 'antd';
import { useId } from 'react';
import { RATING_VALUES, useJokeRating, type RatableJoke } from '../hooks/use-joke-rating';

const starsLabel = (value: number) => `${value} star${value === 1 ? '' : 's'}`;

/**
 * Five stars as a radio group named 'Rate this joke' (native radios: Tab enters
 * at the chosen star, the arrow keys move and rate, Space rates), saved as
 * chosen; logged-out users are told that rating needs a login.
 */
export function JokeRating({ joke }: { joke: RatableJoke }) {
  const { rating, rate, canRate } = useJokeRating(joke);
  // One group per joke: the History page lists many.
  const group = useId();

  return (
    <div className="joke-rating">
      <div role="radiogroup" aria-label="Rate this joke" className="joke-rating__stars">
        {RATING_VALUES.map((value) => {
          const filled = rating !== null && value <= rating;
          return (
            <label key={value} className="joke-rating__star">
              <input
                type="radio"
                className="joke-rating__input"
                name={group}
                value={value}
                aria-label={starsLabel(value)}
                // Checked only by a rating shown: a refused press (logged out) leaves it as it was.
                checked={rating === value}
                onChange={() => void rate(value)}
                // A radio already checked fires no change; pressing its star again saves it again, as before.
                onClick={() => rating === value && void rate(value)}
              />
              {filled ? (
                <StarFilled aria-hidden className="joke-rating__icon joke-rating__icon--filled" />
              ) : (
                <StarOutlined aria-hidden className="joke-rating__icon" />
              )}
            </label>
          );
        })}
      </div>
      {!canRate && <Typography.Text type="secondary">Login to rate jokes</Typography.Text>}
    </div>
  );
}
