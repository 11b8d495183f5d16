import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { Button, Typography } from 'antd';
import { RATING_VALUES, useJokeRating, type RatableJoke } from '../hooks/use-joke-rating';

/** Five star buttons, saved as pressed; logged-out users are told that rating needs a login. */
export function JokeRating({ joke }: { joke: RatableJoke }) {
  const { rating, rate, canRate } = useJokeRating(joke);

  return (
    <div className="joke-rating">
      <div role="group" aria-label="Rate this joke" className="joke-rating__stars">
        {RATING_VALUES.map((value) => {
          const filled = rating !== null && value <= rating;
          return (
            <Button
              key={value}
              type="text"
              shape="circle"
              aria-label={`Rate ${value} star${value === 1 ? '' : 's'}`}
              aria-pressed={rating === value}
              icon={filled ? <StarFilled aria-hidden className="joke-rating__star--filled" /> : <StarOutlined aria-hidden />}
              onClick={() => void rate(value)}
            />
          );
        })}
      </div>
      {!canRate && <Typography.Text type="secondary">Login to rate jokes</Typography.Text>}
    </div>
  );
}
