import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { Button, Typography } from 'antd';
import { RATING_VALUES, useJokeRating } from '../hooks/use-joke-rating';

/** Five star buttons; logged-out users are told that rating needs a login. */
export function JokeRating({ initialRating }: { initialRating: number | null }) {
  const { rating, rate, canRate } = useJokeRating(initialRating);

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
              onClick={() => rate(value)}
            />
          );
        })}
      </div>
      {!canRate && <Typography.Text type="secondary">Login to rate jokes</Typography.Text>}
    </div>
  );
}
